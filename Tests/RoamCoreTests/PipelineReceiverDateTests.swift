import Testing
@testable import RoamCore

/// Receiver dates that cannot be true (P4: no time shown as measured when it was not), fed as real
/// NMEA through the stream and the pipeline: a GPS week rollover is moved on 1024 weeks, a
/// receiver's placeholder date (1980-01-06, 2000-01-01, 2080-01-06) dates nothing, fix or not.
@Suite struct PipelineReceiverDateTests {
    typealias Receiver = PipelineReceiverTimeTests.Receiver
    private static func clock(_ h: Int, _ m: Int, _ s: Int) -> String { PipelineReceiverTimeTests.clock(h, m, s) }
    /// 2026-06-14T15:00:00Z, the true time of the first epoch.
    private static let truthUTCms = CivilDate.daysFromCivil(year: 2026, month: 6, day: 14) * 86_400_000 + 15 * 3_600_000

    /// A GGA fix `k` steps east at `time`, with a ZDA dated `zda` (`dd,mm,yyyy`) when given.
    private static func ggaFix(_ r: inout Receiver, _ time: String, k: Int, zda: String?) {
        r.feed(r.sentence("GPGGA,\(time),4757.840,N,\(r.longitude(k)),E,1,09,0.9,400.0,M,48.0,M,,")
               + (zda.map { r.sentence("GPZDA,\(time),\($0),00,00") } ?? ""))
    }

    @Test(arguments: ["06,01,1980", "01,01,2000", "06,01,2080"])
    func aPlaceholderDateWithAFixDatesNothing(placeholder: String) throws {
        // The receiver has a fix before it knows the date (or never learnt it): the first 30 s carry
        // its placeholder, the rest the true date.
        var r = Receiver()
        for s in 0..<30 { Self.ggaFix(&r, Self.clock(15, 0, s), k: s, zda: placeholder) }
        for s in 30..<60 { r.fix(Self.clock(15, 0, s), k: s) }
        r.finish()
        #expect(r.rows[..<30].allSatisfy { $0.utcMs == nil && $0.timeSource == .monotonicOnly && $0.flags.contains(.beforeValidDate) })
        #expect(r.rows[30...].allSatisfy { $0.utcMs != nil && $0.timeSource == .gnss })
        #expect(!r.rows.contains { !$0.flags.isDisjoint(with: [.timeBackwards, .repeatedTime]) } && r.pipeline.state.totals.elapsedS == 59)
        // Dated from the board's clock back from the first believable date: the ride starts at 15:00:00.
        let backfill = try #require(r.pipeline.state.backfill)
        #expect(backfill.fromSeq == 0 && backfill.anchorSeq == 30 && backfill.anchorUTCms == Self.truthUTCms + 30_000)
        #expect(backfill.utcMs(monoNs: r.rows[0].monoNs, timeOfDayMs: r.rows[0].epoch.timeOfDayMs) == Self.truthUTCms)
    }

    @Test func aPlaceholderCarriedOntoFixesWithoutADateDatesNothing() {
        // A ZDA before the first fix says 1980-01-06; the GGA-only fixes after it carry that date on.
        var r = Receiver()
        r.feed(r.sentence("GPGGA,\(Self.clock(15, 0, 0)),,,,,0,00,,,M,,M,,") + r.sentence("GPZDA,\(Self.clock(15, 0, 0)),06,01,1980,00,00"))
        for s in 1..<20 { Self.ggaFix(&r, Self.clock(15, 0, s), k: s, zda: nil) }
        r.finish()
        #expect(r.rows.count == 20 && r.rows[1...].allSatisfy { $0.epoch.date?.year == 1980 && $0.epoch.hasPosition })
        #expect(r.rows.allSatisfy { $0.utcMs == nil && $0.timeSource == .monotonicOnly })
        #expect(r.pipeline.state.backfill == nil && r.pipeline.state.totals.elapsedS == 19)
    }

    @Test func aRolledOverReceiverIsMovedOnOnePeriod() {
        // 2006-10-29 is 2026-06-14 less 1024 weeks: a module whose firmware resolves the week too early.
        var r = Receiver()
        for s in 0..<20 { r.fix(Self.clock(15, 0, s), k: s, date: "291006") }
        r.finish()
        #expect(r.rows.enumerated().allSatisfy { k, row in row.utcMs == Self.truthUTCms + Int64(k) * 1000 && row.timeSource == .rolloverCorrected })
        #expect(r.pipeline.state.totals.elapsedS == 19)
    }

    @Test func aDateTwoPeriodsBackIsNoRollover() {
        // 1987-03-15 is 2026-06-14 less 2048 weeks: no firmware built since 1987 is that far behind.
        var r = Receiver()
        for s in 0..<20 { r.fix(Self.clock(15, 0, s), k: s, date: "150387") }
        r.finish()
        #expect(r.rows.allSatisfy { $0.utcMs == nil && $0.timeSource == .monotonicOnly })
    }
}
