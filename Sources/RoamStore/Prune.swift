import RoamSystem

/// Frees space by deleting rides that were already handed over (P4): by date, only a stopped ride
/// whose `dumped_utc_ms` is before the cut-off goes, a ride never dumped is never touched; by name
/// (`Prune+Rides`), the rides the rider names, never one still recording. The rides named go in one
/// transaction: a failure half-way, or one named ride that may not go, leaves every ride in place.
/// By date, each ride goes in a transaction of its own, the write lock left free between two, so a
/// recorder's batch waits for one ride's deletion at most, never for a season's; a cut half-way
/// leaves each ride whole or gone, and the same prune run again deletes the rest.
///
/// A ride's fixes, events and import provenance go with it (the schema's triggers allow that and
/// nothing else), each table's rows by its key range or index (`PruneRows`), so a pruned import's
/// file may be imported again; explored cells stay, with their ride unset.
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
        try deleting(path: path, busyTimeoutMs: busyTimeoutMs, betweenRides: pauseBetweenRides) {
            (db: SQLiteConnection) throws(SQLiteError) -> Selection in
            try dumpedBefore(db, cutoffUTCms)
        }
    }

    /// What `run` would delete, read through a read-only connection: nothing is written, not even
    /// a transaction. The byte figures are today's (what a deletion frees is known only after it).
    public static func preview(path: String, dumpedBeforeUTCms cutoffUTCms: Int64, busyTimeoutMs: Int32 = 5_000) throws -> Report {
        try previewing(path: path, busyTimeoutMs: busyTimeoutMs) { (db: SQLiteConnection) throws(SQLiteError) -> Selection in
            try dumpedBefore(db, cutoffUTCms)
        }
    }

    /// The rides a prune deletes, with their fix and event counts, or why none may go.
    struct Selection {
        var ids: [Int64] = [], fixes = 0, events = 0
        var refusal: Refusal?

        /// Adds a ride deleted with its counts; a ride no longer there (nil) is left out.
        mutating func add(_ id: Int64, _ counts: (fixes: Int, events: Int)?) {
            guard let counts else { return }
            ids.append(id)
            fixes += counts.fixes
            events += counts.events
        }
    }

    /// The write lock left free between two rides pruned by date: longer than the longest sleep of
    /// SQLite's busy handler (100 ms), so a recorder's commit waiting for the lock takes it before the
    /// next ride's deletion instead of finding it taken again at every try (as `import` does).
    static func pauseBetweenRides() { MonotonicClock.sleep(ns: 110_000_000) }

    /// Chooses inside a write transaction, so what is checked is what is deleted; a refusal deletes
    /// nothing (all or nothing) and is thrown once the empty transaction ended. With `betweenRides`,
    /// each ride is deleted in a transaction of its own and `betweenRides` runs between two of them;
    /// without it, the rides go in the transaction that chose them.
    static func deleting(path: String, busyTimeoutMs: Int32, betweenRides: (() throws -> Void)? = nil,
                         _ choose: (SQLiteConnection) throws(SQLiteError) -> Selection) throws -> Report {
        let db = try connection(path, busyTimeoutMs: busyTimeoutMs)
        let before = try usedBytes(db)
        var deleted = Selection()
        let chosen = try db.inTransaction { () throws(SQLiteError) -> Selection in
            let chosen = try choose(db)
            guard chosen.refusal == nil else { return chosen }
            try RideIDFloor.keep(db)
            if betweenRides == nil {
                for id in chosen.ids { try deleted.add(id, PruneRows.delete(db, ride: id)) }
            }
            return chosen
        }
        if let refusal = chosen.refusal { throw refusal }
        if let betweenRides {
            for (n, id) in chosen.ids.enumerated() {
                do {
                    if n > 0 { try betweenRides() }
                    // A recording ride is never deleted, whatever chose it (the schema's trigger says so too).
                    let counts = try db.inTransaction { () throws(SQLiteError) in try PruneRows.delete(db, ride: id) }
                    deleted.add(id, counts)
                    // The -wal's pages go back into the file, so the next ride's deletion reuses them
                    // instead of growing the -wal on a card with little room.
                    try db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                } catch {
                    guard !deleted.ids.isEmpty else { throw error }
                    throw CutShort(report: try report(db, deleted, before: before), cause: error)
                }
            }
        }
        return try report(db, deleted, before: before)
    }

    /// A prune by date that stopped after deleting some of the rides it chose: those are gone (`report`),
    /// the others are whole, and the same prune run again deletes them. `cause` is why it stopped.
    public struct CutShort: Error {
        public var report: Report
        public var cause: any Error
    }

    private static func report(_ db: SQLiteConnection, _ deleted: Selection, before: (used: Int64, file: Int64)) throws -> Report {
        // Returns freed pages to the file system when the database was created for it; a no-op otherwise.
        if try db.singleText("PRAGMA auto_vacuum") == "2" { try db.execute("PRAGMA incremental_vacuum") }
        let after = try usedBytes(db)
        return Report(rideIDs: deleted.ids, fixes: deleted.fixes, events: deleted.events, usedBytesBefore: before.used,
                      usedBytesAfter: after.used, fileBytesAfter: after.file)
    }

    /// The connection a prune deletes through (`writer`), its foreign keys off: their cascade would
    /// read all of `fixes` for each ride, so the rows go by key instead (`PruneRows`).
    static func connection(_ path: String, busyTimeoutMs: Int32) throws -> SQLiteConnection {
        let db = try writer(path, busyTimeoutMs: busyTimeoutMs)
        try Migrations.requireCurrent(db)
        try db.execute("PRAGMA foreign_keys=OFF")
        // Debian's SQLite is built with secure_delete on: every page a deletion frees is written, zeroed,
        // through the -wal, so a prune would need as much free room as the rides it deletes, on a card
        // that is full. FAST zeroes deleted rows only on pages written anyway; freed pages keep their
        // bytes until a new ride reuses them.
        try db.execute("PRAGMA secure_delete=FAST")
        return db
    }

    /// The file opened for a prune. On a full card SQLite cannot make the -shm (32 KiB)
    /// a WAL database is shared through. A live connection keeps one that size, so none has the file
    /// open; with no commit waiting in a -wal, the file is opened for this prune alone, its WAL index
    /// in memory, and the -shm the failed open began (as much as there was room for) is emptied
    /// once the exclusive lock proves it no one's: its room goes to the deletion's WAL pages
    /// (about as many as the ride deleted holds: SQLite rewrites the pages it rebalances).
    /// Without that room the prune is refused as the storage full. The pages a prune frees stay in
    /// the file, for new rides (no auto_vacuum): it gives the card no room, other files must.
    private static func writer(_ path: String, busyTimeoutMs: Int32) throws -> SQLiteConnection {
        let full: SQLiteError
        do throws(SQLiteError) {
            return try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMs: busyTimeoutMs)
        } catch {
            guard error.isFull else { throw error }
            full = error
        }
        // Apart from the catch: Swift 6.0.3's SIL verifier crashed on other error types thrown inside it.
        return try alone(path, busyTimeoutMs: busyTimeoutMs, full: full)
    }

    /// The file opened for this prune alone (`writer`); `full` thrown when a -wal holds commits.
    private static func alone(_ path: String, busyTimeoutMs: Int32, full: SQLiteError) throws -> SQLiteConnection {
        guard try !SQLiteConnection.holdsCommitsBeside(path) else { throw full }
        let db = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMs: busyTimeoutMs, exclusive: true)
        // In exclusive locking mode the lock a transaction takes is kept until the close.
        try db.execute("BEGIN EXCLUSIVE; COMMIT")
        try FileSystem.emptyIfPresent(path + "-shm")
        return db
    }

    static func previewing(path: String, busyTimeoutMs: Int32, _ choose: (SQLiteConnection) throws(SQLiteError) -> Selection) throws -> Report {
        let db = try SQLiteConnection.reading(path, busyTimeoutMs: busyTimeoutMs)
        try Migrations.requireCurrent(db)
        let choice = try choose(db)
        if let refusal = choice.refusal { throw refusal }
        let chosen = try counted(db, choice.ids)
        let now = try usedBytes(db)
        return Report(rideIDs: chosen.ids, fixes: chosen.fixes, events: chosen.events, usedBytesBefore: now.used,
                      usedBytesAfter: now.used, fileBytesAfter: now.file)
    }

    static let chosenByDate = """
        SELECT id FROM rides WHERE state = 'stopped' AND dumped_utc_ms IS NOT NULL AND dumped_utc_ms < ?1 ORDER BY id
        """

    /// The stopped rides dumped before the cutoff: what prune by date deletes, and its dry run names.
    static func dumpedBefore(_ db: SQLiteConnection, _ cutoffUTCms: Int64) throws(SQLiteError) -> Selection {
        let select = try db.prepare(chosenByDate)
        try select.bind(cutoffUTCms, at: 1)
        var ids: [Int64] = []
        while try select.step() { ids.append(select.int64(at: 0)) }
        return Selection(ids: ids)
    }

    /// `ids` with their fix and event counts, each read from the ride's own rows (`PruneRows`).
    static func counted(_ db: SQLiteConnection, _ ids: [Int64]) throws(SQLiteError) -> Selection {
        var selection = Selection(ids: ids)
        for id in ids {
            let counts = try PruneRows.counts(db, ride: id)
            selection.fixes += counts.fixes
            selection.events += counts.events
        }
        return selection
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
