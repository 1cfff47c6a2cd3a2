import Foundation
import Testing
@testable import RoamCore
import RoamSystem
@testable import RoamRecorder
@testable import RoamStore

/// Across a boot the board's clock ages a ride's last commit only when that clock agreed with GNSS
/// time at the commit. A Pi without an RTC records on fake-hwclock's days-old time; after a power cut
/// NTP set the clock before the recorder started, and a ride cut minutes earlier was closed as "its
/// last commit was 72 h ago". As the reviewer ran it: the recorder stopped mid-ride, the ride's
/// last_commit_utc_ms moved, and the status file removed as at a new boot.
@Suite(.serialized)
struct RearmClockTimelineTests {
    /// A ride left recording whose last commit was stamped `commitShiftMs` from its last fix's GNSS
    /// time, started again in another boot `sinceLastFixMs` after that fix; returns the ride as left.
    static func restartAfterABoot(_ h: RecorderHarness, commitShiftMs: Int64, sinceLastFixMs: Int64) throws -> RideRow {
        let ride = try h.interruptedRide(seconds: 5)
        let gnss = try #require(ride.pipelineState.clock.lastTimed?.utcMs)
        let db = try SQLiteConnection(path: h.dbPath, mode: .readWrite)
        try db.execute("UPDATE rides SET last_commit_utc_ms = \(gnss + commitShiftMs) WHERE id = \(ride.id)")
        db.close()
        unlink(RecorderStatusFile.path(forDatabase: h.dbPath))
        var options = Recorder.Options()
        options.bootID = "the-next-boot"
        let r = try h.recorder(options: options, realtimeMs: { gnss + sinceLastFixMs })
        try r.start()
        r.stop()
        return try #require(try h.reader().ride(id: ride.id))
    }

    @Test("P7: a commit stamped 3 days before its GNSS time, the clock right at restart minutes later: resumed, not closed")
    func aCommitStampedOnAnotherTimelineAgesNothing() throws {
        let h = try RecorderHarness()
        let ride = try Self.restartAfterABoot(h, commitShiftMs: -3 * 86_400_000, sinceLastFixMs: 5 * 60_000)
        let said = try h.reader().events(ride: ride.id).map(\.detail)
        #expect(ride.state == .recording, "\(said)")
        #expect(try h.reader().gapEvents(ride: ride.id, .loggerRestarted).count == 1)
        #expect(!h.events.all.contains { if case .session(.rideClosedAtRestart) = $0 { return true }; return false })
    }

    @Test("P7: a ride really cut 3 days ago, its commit stamped by a clock agreeing with GNSS time, is still closed")
    func aRideReallyCutDaysAgoIsClosed() throws {
        let h = try RecorderHarness()
        let ride = try Self.restartAfterABoot(h, commitShiftMs: 2_000, sinceLastFixMs: 3 * 86_400_000)
        #expect(ride.state == .stopped)
        let stop = try #require(try h.reader().events(ride: ride.id).last)
        #expect(stop.kind == .stop && stop.detail.hasPrefix("closed at restart: its last commit was 72.0 h ago"), "\(stop.detail)")
    }

    @Test("P7 policy: the commit's stamp and the last GNSS time a minute apart or less agree; more apart, they do not")
    func clockAgreement() {
        var row = RearmTests.recordingRow(lastCommitUTCms: 1_781_425_800_000)
        #expect(!RearmPolicy.clocksDisagree(row), "no GNSS time: nothing to disagree with")
        row.pipelineState.clock.lastTimed = TimeStamp(utcMs: 1_781_425_800_000 - 60_000, timeOfDayMs: nil, monoNs: 0)
        #expect(!RearmPolicy.clocksDisagree(row))
        row.pipelineState.clock.lastTimed = TimeStamp(utcMs: 1_781_425_800_000 + 61_000, timeOfDayMs: nil, monoNs: 0)
        #expect(RearmPolicy.clocksDisagree(row))
        #expect(RearmPolicy().decide(row, nowUTCms: 1_781_425_800_000 + 3 * 86_400_000) == .resume)
        // Committed 10 min after its last fix (the receiver silent before the cut) on a right clock:
        // no other timeline, so a restart 7 h later closes it as before.
        row.pipelineState.clock.lastTimed = TimeStamp(utcMs: 1_781_425_800_000 - 600_000, timeOfDayMs: nil, monoNs: 0)
        #expect(!RearmPolicy.clocksDisagree(row))
        guard case .close = RearmPolicy().decide(row, nowUTCms: 1_781_425_800_000 + 7 * 3_600_000) else {
            Issue.record("a ride whose receiver fell silent before the cut was not closed 7 h later"); return
        }
    }
}
