/// Frees space by deleting rides that were already handed over (P4). Only a stopped ride
/// whose `dumped_utc_ms` is before the cut-off goes; a ride never dumped is never touched. All the
/// deletions are one transaction: a failure half-way leaves every ride in place.
///
/// `DELETE FROM rides` cascades to the ride's fixes and events (the schema's triggers allow that and
/// nothing else); explored cells stay, with their ride unset.
public enum Prune {
    /// What a prune removed, and the database's used bytes (pages in use × page size) around it.
    public struct Report: Equatable, Sendable {
        public var rideIDs: [Int64]
        public var fixes: Int
        public var events: Int
        public var usedBytesBefore: Int64
        public var usedBytesAfter: Int64
        /// File size (page_count × page_size) after; it shrinks only with auto_vacuum=INCREMENTAL,
        /// otherwise freed pages stay in the file and new fixes reuse them.
        public var fileBytesAfter: Int64

        public var freedBytes: Int64 { usedBytesBefore - usedBytesAfter }
    }

    /// Deletes every stopped ride dumped strictly before `cutoffUTCms`. The file must exist and
    /// carry this code's schema (prune never creates or migrates a database).
    public static func run(path: String, dumpedBeforeUTCms cutoffUTCms: Int64, busyTimeoutMs: Int32 = 5_000) throws -> Report {
        let db = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMs: busyTimeoutMs)
        try Migrations.requireCurrent(db)
        let before = try usedBytes(db)
        let (ids, fixes, events) = try db.inTransaction { () throws(SQLiteError) -> ([Int64], Int, Int) in
            let found = try candidates(db, dumpedBeforeUTCms: cutoffUTCms)
            for id in found.ids {
                let delete = try db.prepare("DELETE FROM rides WHERE id = ?1 AND state = 'stopped' AND dumped_utc_ms IS NOT NULL")
                try delete.bind(id, at: 1)
                try delete.run()
            }
            return found
        }
        // Returns freed pages to the file system when the database was created for it; a no-op otherwise.
        if try db.singleText("PRAGMA auto_vacuum") == "2" { try db.execute("PRAGMA incremental_vacuum") }
        let after = try usedBytes(db)
        return Report(rideIDs: ids, fixes: fixes, events: events, usedBytesBefore: before.used,
                      usedBytesAfter: after.used, fileBytesAfter: after.file)
    }

    /// What `run` would delete, read through a read-only connection: nothing is written, not even
    /// a transaction. The byte figures are today's (what a deletion frees is known only after it).
    public static func preview(path: String, dumpedBeforeUTCms cutoffUTCms: Int64, busyTimeoutMs: Int32 = 5_000) throws -> Report {
        let db = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMs: busyTimeoutMs)
        try Migrations.requireCurrent(db)
        let (ids, fixes, events) = try candidates(db, dumpedBeforeUTCms: cutoffUTCms)
        let now = try usedBytes(db)
        return Report(rideIDs: ids, fixes: fixes, events: events, usedBytesBefore: now.used, usedBytesAfter: now.used, fileBytesAfter: now.file)
    }

    /// The stopped rides dumped before the cutoff, with their fix and event counts: what prune
    /// deletes, and what its dry run names.
    private static func candidates(_ db: SQLiteConnection, dumpedBeforeUTCms cutoffUTCms: Int64) throws(SQLiteError)
        -> (ids: [Int64], fixes: Int, events: Int) {
        let select = try db.prepare("""
            SELECT id FROM rides WHERE state = 'stopped' AND dumped_utc_ms IS NOT NULL AND dumped_utc_ms < ?1 ORDER BY id
            """)
        try select.bind(cutoffUTCms, at: 1)
        var ids: [Int64] = []
        while try select.step() { ids.append(select.int64(at: 0)) }
        var fixes = 0, events = 0
        for id in ids {
            fixes += try count(db, "SELECT count(*) FROM fixes WHERE ride_id = ?1", id)
            events += try count(db, "SELECT count(*) FROM events WHERE ride_id = ?1", id)
        }
        return (ids, fixes, events)
    }

    private static func count(_ db: SQLiteConnection, _ sql: String, _ id: Int64) throws(SQLiteError) -> Int {
        let statement = try db.prepare(sql)
        try statement.bind(id, at: 1)
        _ = try statement.step()
        return Int(statement.int64(at: 0))
    }

    private static func usedBytes(_ db: SQLiteConnection) throws(SQLiteError) -> (used: Int64, file: Int64) {
        let pages = try pragma(db, "page_count"), free = try pragma(db, "freelist_count"), size = try pragma(db, "page_size")
        return ((pages - free) * size, pages * size)
    }

    private static func pragma(_ db: SQLiteConnection, _ name: String) throws(SQLiteError) -> Int64 {
        let text = try db.singleText("PRAGMA \(name)")
        guard let text, let value = Int64(text) else {
            throw SQLiteError(code: .error, message: "PRAGMA \(name) returned '\(text ?? "nil")'", sql: "PRAGMA \(name)", path: db.path)
        }
        return value
    }
}
