import RoamSystem
import Foundation
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Synchronization
import Testing

/// Hostile input "a clock jump on the board". A Pi has no RTC: its wall clock starts at
/// fake-hwclock's last shutdown (or 1970) and jumps when NTP or anything sets it, backwards too.
/// Fix times come from GNSS, durations and gaps from the monotonic clock; the wall clock only
/// stamps commits and drives the old-ride policy. So the simulated ride, recorded through a real
/// pty into a real SQLite file while the recorder's wall clock is set back 10 years and then
/// forward past the real time by 3 days, must store exactly what a run with a steady clock stores.
@Suite struct ClockJumpTests {
    static let yearMs: Int64 = 365 * 86_400_000
    static let dayMs: Int64 = 86_400_000
    /// The simulated ride's seconds played under each wall clock: before the jump, set back
    /// 10 years (the café stop), then 3 days ahead of the real time (the tunnel's gap).
    static let phases: [(seconds: Int, offsetMs: Int64)] = [(800, 0), (900, -10 * yearMs), (491, 3 * dayMs)]

    /// The board's wall clock as the recorder reads it: the host's, moved by an offset the test sets.
    final class BoardClock: Sendable {
        let offsetMs = Atomic<Int64>(0)
        func nowMs() -> Int64 { WallClock.nowUTCms() + offsetMs.load(ordering: .acquiring) }
    }

    struct Run {
        var ride: RideRow
        /// Every stored fix, its monotonic receive time cleared (the only column that differs by run).
        var fixes: [FixRecord]
        var events: [RideEvent]
        /// The ride's last commit stamp after each phase, and the board's clock around that phase.
        var stamps: [(stamp: Int64?, from: Int64, to: Int64)]
        var recorderEvents: [RecorderEvent]
    }

    private func options() -> Recorder.Options {
        var options = Recorder.Options()
        // A loaded test machine may pause between phases; that pause is not what is tested here.
        options.sensor.silentAfterMs = 600_000
        // Nor may a pause inside a second close its epoch: the feed writes seconds into a full pty, and a
        // test thread denied the CPU for 300 ms with half a second written split that epoch in one run
        // only. A module sends its burst whole; the last epoch of a phase settles this long after it.
        options.sensor.epochQuietMs = 3_000
        return options
    }

    /// Plays the whole simulated ride through a recorder whose wall clock follows `offsets`,
    /// leaving the ride recording (as a power cut would) for the restart checks.
    private func record(_ h: RecorderHarness, offsets: [Int64]) throws -> Run {
        let clock = BoardClock()
        let r = try h.recorder(options: options(), realtimeMs: { clock.nowMs() })
        try r.start()
        r.press()
        var stamps: [(Int64?, Int64, Int64)] = []
        for (phase, offset) in zip(Self.phases, offsets) {
            clock.offsetMs.store(offset, ordering: .releasing)
            let from = clock.nowMs()
            try h.feed(phase.seconds)
            #expect(h.waitForAck(through: Int64(h.written - 1)), "fixes through \(h.written - 1) acknowledged")
            let to = clock.nowMs()
            let id = try #require(try h.reader().rides().last?.id)
            stamps.append((try h.reader().ride(id: id)?.lastCommitUTCms, from, to))
        }
        r.stop()
        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        var fixes: [FixRecord] = []
        try reader.forEachFix(ride: ride.id) { fix in
            var fix = fix
            fix.monoNs = 0
            fixes.append(fix)
        }
        return Run(ride: ride, fixes: fixes, events: try reader.events(ride: ride.id), stamps: stamps,
                   recorderEvents: h.events.all)
    }

    @Test("A wall clock set back 10 years mid-ride, then 3 days ahead, changes no fix, total, gap or segment; it only stamps")
    func clockJumpsChangeNothingButStamps() throws {
        let steady = try record(RecorderHarness(), offsets: Self.phases.map { _ in 0 })
        let h = try RecorderHarness()
        let jumped = try record(h, offsets: Self.phases.map(\.offsetMs))

        // The baseline is a real ride: the café stop paused, the tunnel a gap in a new segment.
        #expect(steady.fixes.count == RecorderHarness.simulation.seconds.count)
        #expect(steady.ride.totals.gapCount == 1)
        #expect(Set(steady.fixes.map(\.segment)).count == 2 && steady.ride.pipelineState.totals.segmentCount == 2)
        #expect(steady.fixes.contains { $0.flags.contains(.paused) })

        // Identical: times, positions, flags, segments, derived columns, in order.
        #expect(jumped.fixes.count == steady.fixes.count)
        let firstDifference = zip(jumped.fixes, steady.fixes).first { $0 != $1 }
        #expect(firstDifference == nil, "first differing fix: \(String(describing: firstDifference))")
        #expect(jumped.ride.totals == steady.ride.totals)
        #expect(jumped.ride.pipelineState.totals == steady.ride.pipelineState.totals)
        #expect(jumped.ride.pipelineState.nextSeq == steady.ride.pipelineState.nextSeq)
        #expect(jumped.ride.startedUTCms == steady.ride.startedUTCms)
        // No spurious gap: the same gaps with the same causes and GNSS times, and no alarm.
        let describe = { (events: [RideEvent]) in events.map { "\($0.kind.rawValue) \($0.utcMs.map(String.init) ?? "-") \($0.detail)" } }
        #expect(describe(jumped.events) == describe(steady.events))
        #expect(Set(jumped.fixes.map(\.segment)) == Set(steady.fixes.map(\.segment)))
        #expect(!jumped.recorderEvents.contains { if case .alarmRaised = $0 { return true }; return false })

        // The stamps are the wall clock as it was: 10 years back, then 3 days ahead.
        for (phase, stamp) in jumped.stamps.enumerated() {
            let s = try #require(stamp.stamp, "phase \(phase) has a commit stamp")
            #expect(s >= stamp.from && s <= stamp.to, "phase \(phase): stamp \(s) outside the board's clock \(stamp.from)...\(stamp.to)")
        }
        let gapRecorded = try recordedUTCms(h.dbPath, ride: jumped.ride.id, kind: "gap")
        #expect(gapRecorded.count == 1 && gapRecorded.allSatisfy { $0 >= jumped.stamps[2].from && $0 <= jumped.stamps[2].to },
                "the tunnel's gap is stamped by the clock 3 days ahead: \(gapRecorded)")

        try restartDecisions(h, ride: jumped.ride)
    }

    /// Re-arm after the jumps. After a power cut (another boot) a board that boots at 1970 (no
    /// fake-hwclock) has its clock behind every stamp and resumes. In that same boot the clock is then
    /// stepped 3 days ahead (NTP) and the recorder restarts: the monotonic clock ages the commit, and the
    /// ride resumes. After another boot with the clock 3 days past the last stamp it closes the ride and says why.
    private func restartDecisions(_ h: RecorderHarness, ride: RideRow) throws {
        let bootMs: Int64 = 60_000
        var afterPowerCut = options()
        afterPowerCut.bootID = "boot-after-power-cut"
        let behind = try h.recorder(options: afterPowerCut, realtimeMs: { bootMs })
        try behind.start()
        behind.stop()
        let resumed = try #require(try h.reader().ride(id: ride.id))
        #expect(resumed.state == .recording)
        #expect(try h.reader().gapEvents(ride: ride.id, .loggerRestarted).count == 1)
        #expect(resumed.lastCommitUTCms == bootMs, "the restart gap is stamped 1970, as the board's clock said")

        let stepped = try h.recorder(options: afterPowerCut, realtimeMs: { bootMs + 3 * Self.dayMs })
        try stepped.start()
        stepped.stop()
        let again = try #require(try h.reader().ride(id: ride.id))
        #expect(again.state == .recording, "the same boot: the wall clock's step is no age")
        #expect(try h.reader().gapEvents(ride: ride.id, .loggerRestarted).count == 2)
        #expect(again.lastCommitUTCms == bootMs + 3 * Self.dayMs)

        var nextBoot = options()
        nextBoot.bootID = "boot-next-morning"
        let ahead = try h.recorder(options: nextBoot, realtimeMs: { bootMs + 6 * Self.dayMs })
        try ahead.start()
        ahead.stop()
        let reader = try h.reader()
        // The last commit was stamped on a clock far from GNSS time (1970 and 3 days): across the boot
        // it ages nothing, so the ride is resumed and GNSS time decides at the first fix (RearmPolicy.clocksDisagree).
        let resumedAgain = try #require(try reader.ride(id: ride.id))
        #expect(resumedAgain.state == .recording)
        #expect(try reader.gapEvents(ride: ride.id, .loggerRestarted).count == 3)
        #expect(!h.events.all.contains { if case .session(.rideClosedAtRestart) = $0 { return true }; return false })
        #expect(try reader.rides().count == 1)
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)
    }

    /// The commit stamps (`recorded_utc_ms`) of a ride's events of one kind.
    private func recordedUTCms(_ path: String, ride: Int64, kind: String) throws -> [Int64] {
        let db = try SQLiteConnection(path: path, mode: .readOnly)
        let statement = try db.prepare("SELECT recorded_utc_ms FROM events WHERE ride_id = ?1 AND kind = ?2 ORDER BY id")
        try statement.bind(ride, at: 1)
        try statement.bind(kind, at: 2)
        var stamps: [Int64] = []
        while try statement.step() { stamps.append(statement.int64(at: 0)) }
        return stamps
    }
}
