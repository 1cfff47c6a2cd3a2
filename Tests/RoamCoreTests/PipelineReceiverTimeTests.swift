import Testing
@testable import RoamCore

/// The receiver's time after it reset or across a leap second, fed as real NMEA through the stream.
@Suite struct PipelineReceiverTimeTests {
    /// A receiver fed line by line at 1 Hz on the board's clock, into one pipeline.
    struct Receiver {
        var stream = NMEAStream()
        var pipeline = RidePipeline(rideID: 1, state: PipelineState())
        var monoNs: UInt64 = 100_000_000_000
        var stepNs: UInt64 = 1_000_000_000
        /// East per step in thousandths of a minute of longitude: 0.003' is 3.7 m, 9.3 m/s at 1 Hz.
        var eastPerStep = 3
        var rows: [FixRecord] = []
        var events: [RideEvent] = []

        /// `k` steps east along the ride, as NMEA's `dddmm.mmm`.
        func longitude(_ k: Int) -> String {
            let minutes = 57_000 + k * eastPerStep
            return "007\(minutes / 1000).\(String(minutes % 1000 + 1000).dropFirst())"
        }

        /// A fix at `time` (`hhmmss.sss`), `k` steps east along the ride.
        mutating func fix(_ time: String, k: Int, date: String = "140626") {
            let lon = longitude(k)
            feed(sentence("GPRMC,\(time),A,4757.840,N,\(lon),E,9.7,90.0,\(date),,,A")
                 + sentence("GPGGA,\(time),4757.840,N,\(lon),E,1,09,0.9,400.0,M,48.0,M,,"))
        }

        /// A position the receiver did not measure, at `time` on `date`, `k` steps east: GGA quality
        /// `quality` (6 dead reckoning, 7 manual, 8 simulator) and RMC mode `letter` (E, M, S).
        mutating func unmeasured(_ time: String, k: Int, date: String, quality: Int, letter: String) {
            let lon = longitude(k)
            feed(sentence("GPRMC,\(time),A,4757.840,N,\(lon),E,9.7,90.0,\(date),,,\(letter)")
                 + sentence("GPGGA,\(time),4757.840,N,\(lon),E,\(quality),09,0.9,400.0,M,48.0,M,,"))
        }

        /// No fix, at the receiver's own idea of `time`, as an MTK chip reports it.
        mutating func noFix(_ time: String, date: String = "060180") {
            feed(sentence("GPRMC,\(time),V,,,,,,,\(date),,,N") + sentence("GPGGA,\(time),,,,,0,00,,,M,,M,,"))
        }

        /// The receiver falls silent: its last epoch is complete, and the logger marks the gap.
        mutating func silence() {
            take(stream.finish())
            _ = pipeline.markGap(.receiverSilent, monoNs: monoNs)
            monoNs += 4 * stepNs
        }

        mutating func finish() { take(stream.finish()) }

        mutating func feed(_ text: String) { take(stream.feed(Array(text.utf8))) }

        private mutating func take(_ epochs: [Epoch]) {
            for e in epochs {
                monoNs += stepNs
                let (row, caused) = pipeline.process(SensorEpoch(epoch: e, monoNs: monoNs, barometer: nil))
                rows.append(row); events += caused
            }
        }

        func sentence(_ body: String) -> String {
            let sum = body.utf8.reduce(UInt8(0), ^)
            let hex = String(sum, radix: 16, uppercase: true)
            return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n"
        }
    }

    static func clock(_ h: Int, _ m: Int, _ s: Int, ms: Int = 0) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return two(h) + two(m) + two(s) + "." + String(ms + 1000).dropFirst()
    }

    /// The MTK chip's free-running guess after a brown-out: 23:59:47 on, 30 epochs.
    private static let guess = (0..<30).map { s in s < 13 ? clock(23, 59, 47 + s) : clock(0, 0, s - 13) }

    /// Riding 15:00:00–15:00:59, then whatever `middle` does, then the fix back at 15:01:35–15:01:59.
    private func ride(_ middle: (inout Receiver) -> Void) -> Receiver {
        var r = Receiver()
        for s in 0..<60 { r.fix(Self.clock(15, 0, s), k: s) }
        middle(&r)
        for s in 35..<60 { r.fix(Self.clock(15, 1, s), k: 60 + s) }
        r.finish()
        return r
    }

    private func expectRealTimeOnly(_ r: Receiver, noFixRows: Range<Int>, elapsedS: Double) throws {
        #expect(r.pipeline.state.totals.elapsedS == elapsedS)
        #expect(!r.rows.contains { $0.flags.contains(.timeBackwards) })
        let guessed = r.rows[noFixRows]
        #expect(guessed.allSatisfy { $0.utcMs == nil && $0.timeSource == .monotonicOnly })
        // The store dates them from the board's clock between the fixes around them, not from their guesses.
        let backfill = try #require(r.pipeline.state.backfill)
        #expect(backfill.fromSeq == guessed.first!.seq && backfill.anchorSeq == guessed.last!.seq + 1)
        let before = try #require(r.rows[noFixRows.lowerBound - 1].utcMs)
        for row in guessed {
            let utc = try #require(backfill.utcMs(monoNs: row.monoNs, timeOfDayMs: row.epoch.timeOfDayMs))
            #expect(utc > before && utc < backfill.anchorUTCms)
        }
    }

    @Test func aReceiverBackFromSilenceIsNotBelievedUntilItsNextFix() throws {
        let r = ride { r in
            r.silence()
            for time in Self.guess { r.noFix(time) }
        }
        // 59 s before the brown-out, 36 s to the fix after it, 24 s after: not the 9 h of the guess.
        try expectRealTimeOnly(r, noFixRows: 60..<90, elapsedS: 119)
    }

    @Test func aReceiverThatResumesFromWhereItStoppedDoesNotStartANewTimeline() throws {
        let r = ride { r in
            r.silence()
            for s in 0..<30 { r.noFix(Self.clock(15, 1, s)) }  // 4 s behind the real time
        }
        try expectRealTimeOnly(r, noFixRows: 60..<90, elapsedS: 119)
    }

    @Test func aResetDuringALossOfFixIsCaughtByItsLeapAhead() throws {
        // In a tunnel the receiver keeps the time; then it resets, too briefly to be heard as silent.
        let r = ride { r in
            for s in 0..<5 { r.noFix(Self.clock(15, 1, s), date: "140626") }
            for time in Self.guess.prefix(25) { r.noFix(time) }
        }
        #expect(r.rows[60..<65].allSatisfy { $0.utcMs != nil && $0.timeSource == .gnss })
        try expectRealTimeOnly(r, noFixRows: 65..<90, elapsedS: 119)
    }

    @Test func aResetDuringALossOfFixBackToAnEarlierTimeStartsNoTimeline() throws {
        // The same brief reset, but the receiver comes back from the time its backup last saved,
        // half a minute behind: epochs without a fix never confirm that timeline, however many.
        let r = ride { r in
            for s in 0..<5 { r.noFix(Self.clock(15, 1, s), date: "140626") }
            for s in 0..<25 { r.noFix(Self.clock(15, 0, 30 + s)) }
        }
        let tunnel = ride { r in for s in 0..<30 { r.noFix(Self.clock(15, 1, s), date: "140626") } }
        try expectRealTimeOnly(r, noFixRows: 65..<90, elapsedS: 119)
        #expect(r.events == tunnel.events && r.pipeline.state.totals.segmentCount == tunnel.pipeline.state.totals.segmentCount)
    }

    @Test(arguments: ["010126", "150626"])
    func aSimulatorPlayingAnotherDayStartsNoTimelineAndMovesNoTime(date: String) throws {
        // The receiver switched to its simulator mid-ride (GGA 8, mode S), playing a scenario
        // dated half a year back or the next day: its time is the scenario's, not the receiver's clock.
        let r = ride { r in for s in 0..<30 { r.unmeasured(Self.clock(9, 0, s), k: 60 + s, date: date, quality: 8, letter: "S") } }
        try expectRealTimeOnly(r, noFixRows: 60..<90, elapsedS: 119)
        #expect(r.rows[60..<90].allSatisfy { $0.epoch.quality == 8 && $0.flags.contains(.unmeasuredPosition) })
        #expect(r.events.filter { $0.kind == .gap }.map(\.detail) == ["simulated position"])
    }

    @Test(arguments: [(6, "E"), (7, "M")])
    func deadReckoningAndManualPositionsKeepTheReceiversTime(quality: Int, letter: String) {
        // The receiver's own clock, still disciplined by the satellites it tracked moments ago.
        let r = ride { r in for s in 0..<35 { r.unmeasured(Self.clock(15, 1, s), k: 60 + s, date: "140626", quality: quality, letter: letter) } }
        #expect(r.pipeline.state.totals.elapsedS == 119)
        #expect(r.rows[60..<95].allSatisfy { $0.utcMs != nil && $0.timeSource == .gnss && $0.flags.contains(.unmeasuredPosition) })
    }

    @Test func aLongTunnelCountsItsRealTime() {
        var r = Receiver()
        for s in 0..<60 { r.fix(Self.clock(15, 0, s), k: s) }
        for s in 60..<660 { r.noFix(Self.clock(15, s / 60, s % 60), date: "140626") }
        for s in 660..<720 { r.fix(Self.clock(15, s / 60, s % 60), k: s) }
        r.finish()
        #expect(r.pipeline.state.totals.elapsedS == 719)
        #expect(r.rows[60..<660].allSatisfy { $0.timeSource == .gnss && $0.utcMs != nil })
    }

    @Test func aLeapSecondAt10HzIsFlaggedWithoutAGap() {
        var r = Receiver()
        r.stepNs = 100_000_000
        r.eastPerStep = 1
        for k in 0..<100 { r.fix(Self.clock(23, 59, 50 + k / 10, ms: k % 10 * 100), k: k, date: "311226") }
        for k in 0..<10 { r.fix(Self.clock(23, 59, 60, ms: k * 100), k: 100 + k, date: "311226") }
        for k in 0..<100 { r.fix(Self.clock(0, 0, k / 10, ms: k % 10 * 100), k: 110 + k, date: "010127") }
        r.finish()
        let totals = r.pipeline.state.totals
        #expect(totals.gapCount == 0 && totals.segmentCount == 1 && r.events.isEmpty)
        // 00:00:00.0–.9 come after 23:59:60.0–.9 (read as the next day's 00:00:00.x): kept, flagged.
        let stepped = r.rows[110..<120]
        #expect(stepped.allSatisfy { !$0.flags.isDisjoint(with: [.repeatedTime, .timeBackwards]) })
        #expect(r.rows.count == 210 && !r.rows[120...].contains { !$0.flags.isDisjoint(with: [.repeatedTime, .timeBackwards]) })
    }
}
