import RoamSystem
import Foundation
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Synchronization
import Testing

@Suite struct RearmTests {
    @Test("P7: re-arm called twice opens nothing twice, creates no second ride and writes one gap")
    func rearmIsIdempotent() throws {
        let h = try RecorderHarness()
        let id = try h.interruptedRide(seconds: 10).id
        let r = try h.recorder()
        r.rearm()
        r.rearm()
        try r.start()
        try r.start()
        r.rearm()
        try h.feed(10)
        #expect(h.waitForAck(through: 19))
        r.stop()
        r.stop()

        let reader = try h.reader()
        let rides = try reader.rides()
        #expect(rides.map(\.id) == [id])
        #expect(try reader.gapEvents(ride: id, .loggerRestarted).count == 1)
        #expect(try reader.events(ride: id).filter { $0.kind == .rearm }.count == 1)
        // One sensor thread: every epoch read exactly once, in order.
        #expect(try reader.seqs(ride: id) == Array(0..<20))
        let resumed = h.events.all.filter { if case .session(.rideStarted(_, .some)) = $0 { return true }; return false }
        #expect(resumed.count == 1)
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)
    }

    @Test("P7: the restart gap is committed before start() returns, the ride continues from its row")
    func restartGapCommittedAtStart() throws {
        let h = try RecorderHarness()
        let id = try h.interruptedRide(seconds: 6).id
        let before = try #require(try h.reader().ride(id: id))
        let r = try h.recorder()
        try r.start()
        let after = try #require(try h.reader().ride(id: id))
        #expect(after.totals.gapCount == before.totals.gapCount + 1)
        #expect(after.pipelineState.nextSeq == before.pipelineState.nextSeq)
        let gap = try #require(try h.reader().gapEvents(ride: id, .loggerRestarted).first)
        #expect(gap.beforeSeq == 6)
        r.stop()
    }

    /// The restart commit runs the whole commit path, about 80 KiB of stack on x86-64: on the main thread,
    /// `start()`'s caller in `record`, those pages stayed resident for the recorder's life (issue 25).
    @Test("P7: the restart commit runs on a thread that ends with it, not on the thread calling start()")
    func restartCommitOffTheCallingThread() throws {
        let h = try RecorderHarness()
        _ = try h.interruptedRide(seconds: 3)
        let caller = pthread_self()
        let commits = CommitThreads()
        let store = try RideStore(path: h.dbPath)
        let r = try Recorder(store: store, activeRide: try store.activeRide(), source: h.port, barometer: nil, emit: { event in
            if case .committed = event { commits.onCaller.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) } }
        })
        try r.start()
        let atStart = commits.onCaller.withLock { $0 }
        r.stop()
        #expect(atStart == [false], "per commit before start() returned, whether it ran on the calling thread")
    }

    final class CommitThreads: Sendable {
        let onCaller = Mutex<[Bool]>([])
    }

    @Test("P7 policy: after a reboot, a ride whose last commit is older than the limit by the wall clock is closed at restart")
    func staleRideIsClosed() throws {
        let h = try RecorderHarness()
        // The monotonic clock started again: the wall clock, 7 h on and agreeing with GNSS time at the
        // last commit (the harness's commits are stamped now, its fixes months earlier), ages the commit.
        let id = try RearmClockTimelineTests.restartAfterABoot(h, commitShiftMs: 0, sinceLastFixMs: 7 * 3_600_000).id
        let reader = try h.reader()
        let ride = try #require(try reader.ride(id: id))
        #expect(ride.state == .stopped)
        #expect(ride.endedUTCms == ride.pipelineState.lastAccepted?.utcMs)
        #expect(try reader.gapEvents(ride: id, .loggerRestarted).isEmpty)
        let stop = try #require(try reader.events(ride: id).last)
        #expect(stop.kind == .stop && stop.detail.hasPrefix("closed at restart"))
        #expect(h.events.all.contains { if case .session(.rideClosedAtRestart(id, _)) = $0 { return true }; return false })
        #expect(try Rederivation.check(path: h.dbPath).isConsistent)
    }

    @Test("P7 policy: resume within the limit, close past it, resume when the clock is behind the last commit",
          arguments: [(-3_600.0, false), (0.0, false), (3_599.0, false), (3_601.0, true), (86_400.0, true)])
    func policyDecides(ageS: Double, closes: Bool) {
        let last: Int64 = 1_781_425_800_000
        let decision = RearmPolicy(closeAfterS: 3600).decide(Self.recordingRow(lastCommitUTCms: last), nowUTCms: last + Int64(ageS * 1000))
        if closes {
            guard case .close = decision else { Issue.record("expected close, got \(decision)"); return }
        } else {
            #expect(decision == .resume)
        }
    }

    @Test("P7: in the boot of its last commit, a ride is aged by the monotonic clock: past the limit by it, closed")
    func sameBootRideAgedByMonotonicClock() throws {
        let h = try RecorderHarness()
        // The wall clock says the last commit is seconds old; the board has been running 2 h more since.
        let id = try Self.restartOneHourLimit(h, clock: { MonotonicClock.nowNs() + 2 * 3_600_000_000_000 })
        let reader = try h.reader()
        #expect(try reader.ride(id: id)?.state == .stopped)
        let reason = "closed at restart: its last commit was 2.0 h ago by the board's running time (the limit is 1.0 h)"
        #expect(try reader.events(ride: id).last.map { "\($0.kind.rawValue): \($0.detail)" } == "stop: \(reason)")
    }

    @Test("P7: the restart commit's monotonic stamp is in the status file when start() returns, for a recorder that dies soon after")
    func restartCommitStampWrittenAtOnce() throws {
        let h = try RecorderHarness()
        let id = try h.interruptedRide(seconds: 3).id
        var options = Recorder.Options()
        options.statusIntervalS = 3600  // no periodic write to catch up
        let r = try h.recorder(options: options)
        let beforeStart = MonotonicClock.nowNs()
        try r.start()
        // What a recorder killed now leaves behind (in this boot the page cache keeps it).
        let left = try #require(try RecorderStatusFile.read(path: RecorderStatusFile.path(forDatabase: h.dbPath))?.status)
        r.stop()
        #expect(left.rideID == id)
        #expect(left.lastCommitMonoNs.map { $0 >= beforeStart } == true, "stamp: \(String(describing: left.lastCommitMonoNs))")
    }

    @Test("P7 policy: an age by the monotonic clock of this boot decides instead of the wall clock's")
    func sameBootAgeDecides() {
        let last: Int64 = 1_781_425_800_000
        let row = Self.recordingRow(lastCommitUTCms: last)
        let policy = RearmPolicy(closeAfterS: 3600)
        #expect(policy.decide(row, nowUTCms: last + 3 * 86_400_000, sameBootAgeS: 25) == .resume)
        #expect(policy.decide(row, nowUTCms: last - 86_400_000, sameBootAgeS: 3_599) == .resume)
        #expect(policy.decide(row, nowUTCms: last, sameBootAgeS: 5_400)
                == .close(reason: "closed at restart: its last commit was 1.5 h ago by the board's running time (the limit is 1.0 h)"))
        #expect(policy.decide(row, nowUTCms: last + 5_400_000)
                == .close(reason: "closed at restart: its last commit was 1.5 h ago (the limit is 1.0 h)"))
    }

    @Test("P7 policy: only a status of this boot, of the same ride, with a commit's monotonic stamp gives a same-boot age")
    func sameBootAgeNeedsTheSameBootAndRide() {
        var status = RecorderStatus(pid: 42, bootID: "boot-a")
        status.rideID = 7
        status.lastCommitMonoNs = 1_000_000_000
        let age = { (s: RecorderStatus?, ride: Int64, boot: String, now: UInt64) in
            RearmPolicy.sameBootAgeS(lastExit: s, rideID: ride, bootID: boot, nowMonoNs: now)
        }
        #expect(age(status, 7, "boot-a", 26_000_000_000) == 25)
        #expect(age(status, 7, "boot-b", 26_000_000_000) == nil, "another boot: the monotonic clock started again")
        #expect(age(status, 8, "boot-a", 26_000_000_000) == nil, "another ride")
        #expect(age(status, 7, "boot-a", 999_999_999) == nil, "a stamp after now is no age")
        #expect(age(nil, 7, "boot-a", 26_000_000_000) == nil)
        var unread = status
        unread.bootID = ""
        #expect(age(unread, 7, "", 26_000_000_000) == nil, "no boot id: boots cannot be told apart")
        var noCommit = status
        noCommit.lastCommitMonoNs = nil
        #expect(age(noCommit, 7, "boot-a", 26_000_000_000) == nil)
    }

    /// Resumed, the rest of a ride an earlier (or later) release recorded was derived by this code's
    /// algorithm under the stored name of the other: totals mixing two algorithms, undeclared.
    @Test("P7 policy: a ride derived by another algorithm is closed at restart whatever its age, in words naming both",
          arguments: ["roam-pipeline/6", "roam-pipeline/99"])
    func rideOfAnotherAlgorithmIsClosed(stored: String) {
        var parameters = PipelineParameters()
        parameters.algorithm = stored
        let last: Int64 = 1_781_425_800_000
        let decision = RearmPolicy().decide(Self.recordingRow(lastCommitUTCms: last, parameters: parameters), nowUTCms: last + 1_000)
        guard case .close(let reason) = decision else { Issue.record("expected close, got \(decision)"); return }
        #expect(reason.contains(stored) && reason.contains(PipelineParameters().algorithm), "\(reason)")
        #expect(RearmPolicy().decide(Self.recordingRow(lastCommitUTCms: last), nowUTCms: last + 1_000) == .resume)
    }

    /// Leaves a ride recording, then starts and stops a recorder with a 1 h limit, in boot `bootID`
    /// (nil: this one) and on the given clocks; returns the ride's id.
    static func restartOneHourLimit(_ h: RecorderHarness, bootID: String? = nil,
                                    clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nowNs,
                                    realtimeMs: @escaping @Sendable () -> Int64 = WallClock.nowUTCms) throws -> Int64 {
        let id = try h.interruptedRide(seconds: 5).id
        var options = Recorder.Options()
        options.rearm = RearmPolicy(closeAfterS: 3600)
        if let bootID { options.bootID = bootID }
        let r = try h.recorder(options: options, clock: clock, realtimeMs: realtimeMs)
        try r.start()
        r.stop()
        return id
    }

    static func recordingRow(lastCommitUTCms: Int64, parameters: PipelineParameters = .init()) -> RideRow {
        RideRow(id: 1, state: .recording, startedMonoNs: 0, startedUTCms: nil, endedUTCms: nil, totals: .init(), parkedCount: 0,
                lostCount: 0, pipelineState: .init(), parameters: parameters, lastCommitUTCms: lastCommitUTCms, dumpedUTCms: nil)
    }
}
