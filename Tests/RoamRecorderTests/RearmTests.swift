import RoamSystem
import Foundation
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Testing

@Suite struct RearmTests {
    @Test("P7: re-arm called twice opens nothing twice, creates no second ride and writes one gap")
    func rearmIsIdempotent() throws {
        let h = try RecorderHarness()
        let id = try h.interruptedRide(seconds: 10).id
        let r = try h.recorder()
        r.rearm()
        r.rearm()
        r.start()
        r.start()
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
        r.start()
        let after = try #require(try h.reader().ride(id: id))
        #expect(after.totals.gapCount == before.totals.gapCount + 1)
        #expect(after.pipelineState.nextSeq == before.pipelineState.nextSeq)
        let gap = try #require(try h.reader().gapEvents(ride: id, .loggerRestarted).first)
        #expect(gap.beforeSeq == 6)
        r.stop()
    }

    @Test("P7 policy: a ride whose last commit is older than the limit is closed at restart, not resumed")
    func staleRideIsClosed() throws {
        let h = try RecorderHarness()
        let id = try h.interruptedRide(seconds: 5).id
        var options = Recorder.Options()
        options.rearm = RearmPolicy(closeAfterS: 3600)
        let r = try h.recorder(options: options, realtimeMs: { MonotonicClock.realtimeMs() + 2 * 3_600_000 })
        r.start()
        r.stop()
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

    static func recordingRow(lastCommitUTCms: Int64, parameters: PipelineParameters = .init()) -> RideRow {
        RideRow(id: 1, state: .recording, startedMonoNs: 0, startedUTCms: nil, endedUTCms: nil, totals: .init(), parkedCount: 0,
                lostCount: 0, pipelineState: .init(), parameters: parameters, lastCommitUTCms: lastCommitUTCms, dumpedUTCms: nil)
    }
}
