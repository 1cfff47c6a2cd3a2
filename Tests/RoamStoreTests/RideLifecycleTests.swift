import RoamCore
import Testing
@testable import RoamStore

/// P7: at most one recording ride, found in O(1), and it survives a reopen exactly as committed.
@Suite struct RideLifecycleTests {
    @Test("P7: after a reopen, activeRide returns the state of the last commit")
    func activeRideAfterReopen() throws {
        let dir = try TemporaryDirectory()
        var parameters = PipelineParameters()
        parameters.distanceGateM = 7
        let committed: Batch
        do {
            let store = try RideStore(path: dir.path())
            let ride = try store.startRide(startedMonoNs: 5, startedUTCms: nil, parameters: parameters,
                                           events: [RideEvent(kind: .start, monoNs: 5)])
            committed = Sample.batch(ride: ride.id, seqs: 0..<4)
            try store.commit(committed, commitUTCms: 1_234)
        }
        let reopened = try RideStore(path: dir.path())
        let row = try #require(try reopened.activeRide())
        #expect(row.id == committed.rideID)
        #expect(row.state == .recording)
        #expect(row.pipelineState == committed.state)
        #expect(row.totals == committed.state.totals)
        #expect(row.parameters == parameters)
        #expect(row.startedMonoNs == 5)
        // A press carries no UTC; the ride takes its start from the earliest GNSS time committed.
        #expect(row.startedUTCms == committed.fixes.compactMap(\.utcMs).min())
        #expect(row.startedUTCms != nil)
        #expect(row.lastCommitUTCms == 1_234)
    }

    @Test("P7: a second ride cannot start while one is recording")
    func secondStartIsRefused() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        #expect(throws: StoreError.rideAlreadyRecording(id: ride.id)) {
            try store.startRide(startedMonoNs: 2, startedUTCms: nil, parameters: PipelineParameters())
        }
        #expect(try store.connection.count("SELECT count(*) FROM rides") == 1)
    }

    @Test("Stopping ends the ride, records its events, and frees the way for the next")
    func stopThenStartAgain() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.stopRide(id: ride.id, endedUTCms: 99, events: [RideEvent(kind: .stop, monoNs: 9, utcMs: 99)])
        #expect(try store.activeRide() == nil)
        #expect(throws: StoreError.rideNotRecording(id: ride.id)) { try store.stopRide(id: ride.id, endedUTCms: 100) }
        let stopped = try #require(try store.ride(id: ride.id))
        #expect(stopped.state == .stopped)
        #expect(stopped.endedUTCms == 99)
        #expect(try RideReader(path: dir.path()).events(ride: ride.id) == [RideEvent(kind: .stop, monoNs: 9, utcMs: 99)])

        let next = try store.startRide(startedMonoNs: 10, startedUTCms: 200, parameters: PipelineParameters())
        #expect(next.id != ride.id)
        #expect(try store.activeRide()?.id == next.id)
    }

    @Test("markDumped stamps the ride")
    func markDumped() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try DumpLedger(path: store.path).markDumped(id: ride.id, dumpedUTCms: 4_242)
        #expect(try store.ride(id: ride.id)?.dumpedUTCms == 4_242)
    }

    /// A Pi without an RTC hands a ride over with its clock days behind the ride's GNSS times: the
    /// ride is marked at its end, not before it, so `prune --dumped-before` does not take it early.
    @Test("markDumped never stamps a ride before its end", arguments: [false, true])
    func markDumpedNeverBeforeTheRidesEnd(keepingEarlier: Bool) throws {
        let dir = try TemporaryDirectory()
        let store = try RideStore(path: dir.path())
        let ride = try store.startRide(startedMonoNs: 0, startedUTCms: 1_000_000, parameters: PipelineParameters())
        try store.stopRide(id: ride.id, endedUTCms: 5_000_000)
        let ledger = try DumpLedger(path: store.path)
        try ledger.markDumped(id: ride.id, dumpedUTCms: 5_000_000 - 60 * 86_400_000, keepingEarlier: keepingEarlier)
        #expect(try store.ride(id: ride.id)?.dumpedUTCms == 5_000_000)
        if keepingEarlier {
            try ledger.markDumped(id: ride.id, dumpedUTCms: 9_000_000, keepingEarlier: true)
            #expect(try store.ride(id: ride.id)?.dumpedUTCms == 5_000_000, "the first hand-over's time is kept")
        } else {
            try ledger.markDumped(id: ride.id, dumpedUTCms: 9_000_000)
            #expect(try store.ride(id: ride.id)?.dumpedUTCms == 9_000_000, "a clock past the end is taken as it is")
        }
    }
}
