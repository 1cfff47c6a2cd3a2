import Testing
import RoamCore
@testable import RoamStore

/// What `check` says of a damaged file it cannot fully read: why, in words, never nothing and never SQLite's codes.
@Suite struct RideRescueTests {
    @Test("A list of rides that cannot be read is said with why (it was only 'cannot be read')")
    func anUnreadableListSaysWhy() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.commit(Sample.batch(ride: ride.id, seqs: 0..<2), commitUTCms: 100)
        try store.stopRide(id: ride.id, endedUTCms: 200)
        try store.connection.execute("UPDATE rides SET pipeline_state = x'01DEADBEEF' WHERE id = \(ride.id)")
        var report = ConsistencyReport(path: dir.path(), integrity: ["row 3 missing from index fixes_time"], rides: [])
        report.rescue = RideRescue.survey(try RideReader(path: dir.path()))
        #expect(report.text.contains("the list of rides cannot be read (unreadable row in rides of \(dir.path()): ride \(ride.id)"),
                "\(report.text)")
    }

    @Test("A ride stopped by anything but a damaged page is said in words, not as 'SQLite error 10 (SQLITE_IOERR…)'")
    func aRidesFailureIsSaidInWords() {
        let io = SQLiteError(code: ResultCode(rawValue: 266), message: "disk I/O error", path: "/data/rides.db")
        #expect(RideRescue.words(io) == "the storage holding /data/rides.db failed to read or write (I/O error)")
        #expect(RideRescue.words(SQLiteError(code: .corrupt, message: "database disk image is malformed", path: "/data/rides.db"))
                == "a damaged page")
    }
}
