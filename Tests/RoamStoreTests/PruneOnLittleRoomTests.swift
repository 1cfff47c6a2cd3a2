import Testing
import RoamCore
import RoamSystem
@testable import RoamStore

/// A prune is what a rider runs when the card is nearly full. Debian's SQLite zeroes every page a
/// deletion frees through the -wal (secure_delete), so a prune needed as much free room as the rides
/// it deleted, and a prune by date, one ride per transaction, grew the -wal ride after ride until the
/// card filled half-way; it then said only "cannot prune", with rides already gone.
@Suite struct PruneOnLittleRoomTests {
    static let cutoff: Int64 = 1_717_936_300_001

    @Test func aDeletionWritesFewPagesToTheWAL() throws {
        let dir = try TemporaryDirectory()
        // Kept open, as a recorder keeps it: the -wal stays, at the largest size the prune gave it.
        let store = try PruneByKeyTests.season(dir.path(), rides: 3, fixes: 3_000)
        // The rides' own pages out of the -wal first: what is left in it after is the prune's.
        try store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(try FileSystem.size(dir.path() + "-wal") == 0)
        let report = try Prune.run(path: dir.path(), dumpedBeforeUTCms: Self.cutoff)
        #expect(report.rideIDs == [1, 2, 3])
        // Each ride's deletion rewrites about half its pages (SQLite rebalances the b-tree as it goes); freed pages
        // zeroed through the -wal (secure_delete on) doubled that, and a -wal never checkpointed between rides held all three.
        let wal = try FileSystem.size(dir.path() + "-wal")
        #expect(report.freedBytes > 1 << 20, "the rides were to hold some room: \(report.freedBytes)")
        #expect(wal * 4 < report.freedBytes, "the -wal grew to \(wal) bytes to free \(report.freedBytes)")
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 0)
    }

    @Test func aPruneByDateStoppedHalfWaySaysWhichRidesWent() throws {
        let dir = try TemporaryDirectory()
        let store = try PruneByKeyTests.season(dir.path(), rides: 5)
        struct Refused: Error {}
        var pauses = 0
        do {
            _ = try Prune.deleting(path: dir.path(), busyTimeoutMs: 5_000, betweenRides: {
                pauses += 1
                if pauses == 2 { throw Refused() }
            }) { (db: SQLiteConnection) throws(SQLiteError) -> Prune.Selection in
                try Prune.dumpedBefore(db, Self.cutoff)
            }
            Issue.record("the prune went on past its failure")
        } catch let cut as Prune.CutShort {
            #expect(cut.report.rideIDs == [1, 2])
            #expect(cut.report.fixes == 80)
            #expect(cut.cause is Refused)
        }
        let left = try store.connection.prepare("SELECT id FROM rides ORDER BY id")
        var ids: [Int64] = []
        while try left.step() { ids.append(left.int64(at: 0)) }
        #expect(ids == [3, 4, 5])
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 120, "the rides after the failure are whole")
    }
}
