import RoamSystem
import RoamCore
@testable import RoamRecorder
import RoamStore
import Synchronization
import Testing

/// A ride recorded through the recorder with a stretch the receiver did not measure, checked and
/// re-derived end to end (P2, P4): real NMEA through a pty into a real SQLite file, then `check`
/// and `rederive` on what was stored. 10 fixes at 15:00:00–09, 20 epochs simulated or
/// dead-reckoned, 10 fixes at 15:00:30–39 on 2026-06-14, 7.4 m east a second throughout.
@Suite struct UnmeasuredStretchCheckTests {
    /// The board's monotonic clock as a 1 Hz receiver's epochs move it: the host's, plus a second
    /// for every epoch written. The test feeds an epoch as soon as the last one is committed; the
    /// ride's gaps are judged on this clock, as on a board where the epochs come a second apart.
    final class BoardClock: Sendable {
        private let steppedNs = Atomic<UInt64>(0)
        func nowNs() -> UInt64 { MonotonicClock.nowNs() &+ steppedNs.load(ordering: .acquiring) }
        func stepOneSecond() { steppedNs.add(1_000_000_000, ordering: .releasing) }
    }

    struct Stretch: Sendable, CustomTestStringConvertible {
        var quality: Int
        var letter: String
        /// The time the receiver sends with the stretch's epochs: `date` at `hour`:00:10–29.
        var date: String
        var hour: Int
        var cause: GapCause
        var testDescription: String { "quality \(quality), mode \(letter), \(date) \(hour):00" }
    }

    /// A simulator playing a scenario dated the next day at 09:00, or half a year back; a receiver
    /// dead-reckoning on its own clock.
    static let stretches = [
        Stretch(quality: 8, letter: "S", date: "150626", hour: 9, cause: .simulatedPosition),
        Stretch(quality: 8, letter: "S", date: "010126", hour: 9, cause: .simulatedPosition),
        Stretch(quality: 6, letter: "E", date: "140626", hour: 15, cause: .receiverEstimating),
    ]
    static let stretch = 10..<30
    static let epochs = 40

    private static func epoch(_ k: Int, _ s: Stretch) -> [UInt8] {
        guard stretch.contains(k) else { return EastboundEpoch.nmea(step: k, time: EastboundEpoch.time(hour: 15, second: k)) }
        return EastboundEpoch.nmea(step: k, time: EastboundEpoch.time(hour: s.hour, second: k), date: s.date,
                                   quality: s.quality, letter: s.letter)
    }

    @Test(arguments: stretches)
    func aStretchTheReceiverDidNotMeasureChecksAndRederivesAsRecorded(_ s: Stretch) throws {
        let h = try RecorderHarness()
        let clock = BoardClock()
        var options = Recorder.Options()
        options.commit.commitIntervalS = 0  // one epoch per batch, acknowledged before the next is written
        options.sensor.silentAfterMs = 600_000  // the stepped clock's seconds are no silent receiver
        let r = try h.recorder(options: options, clock: { clock.nowNs() })
        try r.start()
        r.press()
        for k in 0..<Self.epochs {
            // Epoch k's bytes complete epoch k - 1, a second later on the board's clock.
            clock.stepOneSecond()
            try h.replayer.write(Self.epoch(k, s))
            if k > 0 { try #require(h.waitForAck(through: Int64(k - 1)), "epoch \(k - 1) committed") }
            if k == Self.stretch.upperBound {
                // Mid-ride, the stretch stored but not yet back-filled: `check` agrees already.
                let midway = try Rederivation.check(path: h.dbPath)
                #expect(midway.isConsistent, "\(midway.text)")
            }
        }
        try #require(h.waitForAck(through: Int64(Self.epochs - 1)))
        r.press()
        try #require(h.events.wait { $0.contains { if case .session(.rideStopped) = $0 { return true }; return false } })
        r.stop()

        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        var rows: [FixRecord] = []
        try reader.forEachFix(ride: ride.id) { rows.append($0) }
        try #require(rows.map(\.seq) == (0..<Int64(Self.epochs)).map { $0 })

        let report = try Rederivation.check(path: h.dbPath)
        #expect(report.isConsistent, "\(report.text)")
        #expect(report.rides.map(\.fixCount) == [Self.epochs])

        // The real span, 15:00:00 to 15:00:39, not the scenario's day.
        #expect(ride.totals.elapsedS == 39)
        let before = try #require(rows[9].utcMs), after = try #require(rows[30].utcMs)
        #expect(after - before == 21_000)
        let stretchRows = rows[Self.stretch]
        #expect(stretchRows.allSatisfy { $0.epoch.quality == s.quality && $0.flags.contains(.unmeasuredPosition) })
        // Each stretch row dated on this ride's day (the board's clock or the receiver's), in order.
        let times = stretchRows.compactMap(\.utcMs)
        #expect(times.count == Self.stretch.count && times == times.sorted())
        #expect(times.allSatisfy { $0 > before - 3_600_000 && $0 < after }, "\(times) between \(before) and \(after)")

        // One gap, for the stretch's own cause, bridged: 21 steps of 7.4 m.
        let gaps = try reader.events(ride: ride.id).filter { $0.kind == .gap }.map(\.detail)
        #expect(gaps == [s.cause.rawValue])
        #expect(ride.totals.gapCount == 1 && ride.totals.bridgedGaps == 1)
        #expect((150...165).contains(ride.totals.bridgedM), "bridged \(ride.totals.bridgedM) m")
        #expect(rows[30].distanceAddedM == ride.totals.bridgedM && rows[30].segment == rows[9].segment + 1)

        // `rederive` with the ride's own parameters finds nothing to change.
        let rederived = try RideStore(path: h.dbPath).rederive(ride: ride.id, recordedUTCms: nil)
        #expect(rederived.fixesChanged == 0 && !rederived.gapEventsRewritten)
        #expect(rederived.totals == rederived.previousTotals && rederived.pipelineGapsBefore == rederived.pipelineGapsAfter)
    }
}
