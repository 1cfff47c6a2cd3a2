import RoamCore
import Testing
@testable import RoamStore

/// A pruned ride's id is never given again (RideIDFloor): the drive keeper marks rides handed over
/// by id, so a new ride that took the id of one on an older image would be marked unseen.
@Suite struct RideIDFloorTests {
    @Test func theNextRideAfterPruningTheNewestTakesANewID() throws {
        let dir = try TemporaryDirectory()
        let store = try RideStore(path: dir.path())
        for n in 1...2 {
            let ride = try store.startRide(startedMonoNs: UInt64(n), startedUTCms: Int64(n) * 1_000, parameters: PipelineParameters())
            try store.stopRide(id: ride.id, endedUTCms: Int64(n) * 1_000 + 500)
        }
        let pruned = try Prune.run(path: dir.path(), rides: [2], notDumpedToo: true)
        #expect(pruned.rideIDs == [2])
        let next = try store.startRide(startedMonoNs: 9, startedUTCms: 9_000, parameters: PipelineParameters())
        #expect(next.id == 3, "ride 2 was pruned: its id stays used")
        try store.stopRide(id: next.id, endedUTCms: 9_500)

        // A later prune of an older ride lowers nothing; the floor only ever rises.
        _ = try Prune.run(path: dir.path(), rides: [1], notDumpedToo: true)
        let after = try store.startRide(startedMonoNs: 10, startedUTCms: 10_000, parameters: PipelineParameters())
        #expect(after.id == 4)
    }

    @Test func aDatabaseNeverPrunedNumbersAsBefore() throws {
        let dir = try TemporaryDirectory()
        let store = try RideStore(path: dir.path())
        let first = try store.startRide(startedMonoNs: 1, startedUTCms: 1_000, parameters: PipelineParameters())
        #expect(first.id == 1)
        let db = try SQLiteConnection(path: dir.path(), mode: .readOnly)
        #expect(try db.count("SELECT count(*) FROM meta WHERE key = 'last_ride_id'") == 0)
    }
}
