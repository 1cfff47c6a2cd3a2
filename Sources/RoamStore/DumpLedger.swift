/// Records that `dump` handed a ride over: one short write transaction per ride that sets
/// `rides.dumped_utc_ms` and nothing else. Its own read-write connection, opened without migrating
/// (a dump never changes the schema); the recorder's commits wait for it at most one UPDATE.
public final class DumpLedger {
    let connection: SQLiteConnection

    public var path: String { connection.path }

    /// Refuses a database whose schema is not exactly this code's, as `RideReader` does.
    public init(path: String, busyTimeoutMs: Int32 = 5_000) throws {
        connection = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMs: busyTimeoutMs)
        try Migrations.requireCurrent(connection)
    }

    /// What `markDumped` did.
    public enum Mark: Equatable, Sendable {
        case marked
        /// Nothing: the ride is an import cut before its last chunk (`ImportProvenance.isUnfinished`).
        /// Only part of its file is stored, and a ride marked handed over is not offered again, so the
        /// whole ride would never be.
        case unfinishedImport
    }

    /// Sets the ride's dumped-at time. Throws `StoreError.rideGone` if the ride is gone
    /// (pruned between the dump and this call), `SQLiteError` on a storage failure.
    /// `keepingEarlier`: a ride already handed over keeps its first time (the drive marks every
    /// ride on it at each plug-in; prune's cut-off must not move later with each one).
    /// The time stored is never before the ride's end: `dumpedUTCms` is the board's clock, and a Pi
    /// without an RTC boots days behind (fake-hwclock), so rides handed over today would be stamped
    /// weeks ago and `prune --dumped-before` would take them before the rider meant it to.
    @discardableResult
    public func markDumped(id: Int64, dumpedUTCms: Int64, keepingEarlier: Bool = false) throws -> Mark {
        let stamp = "max(?2, coalesce(ended_utc_ms, ?2))"
        // Judged in the same transaction as the write: an import finishing meanwhile is seen whole or not at all.
        let updated = try connection.inTransaction { () throws(SQLiteError) -> (changed: Int, exists: Bool, newer: Int?) in
            // A newer roam-board may have migrated the database since this ledger opened it (a keeper
            // or a dump running through an upgrade): judged in the transaction that would write.
            if let found = try Migrations.newerVersion(connection) { return (0, true, found) }
            let update = try connection.prepare((keepingEarlier
                ? "UPDATE rides SET dumped_utc_ms = coalesce(dumped_utc_ms, \(stamp)) WHERE id = ?1"
                : "UPDATE rides SET dumped_utc_ms = \(stamp) WHERE id = ?1")
                + " AND NOT EXISTS (SELECT 1 FROM imports WHERE ride_id = ?1 AND substr(content_key, 1, length(?3)) = ?3)")
            try update.bind(id, at: 1)
            try update.bind(dumpedUTCms, at: 2)
            try update.bind(ImportProvenance.unfinishedPrefix, at: 3)
            try update.run()
            guard connection.changes == 0 else { return (connection.changes, true, nil) }
            let ride = try connection.prepare("SELECT 1 FROM rides WHERE id = ?1")
            try ride.bind(id, at: 1)
            return (0, try ride.step(), nil)
        }
        if let found = updated.newer { throw StoreError.schemaTooNew(found: found, supported: Migrations.latestVersion, path: path) }
        guard updated.exists else { throw StoreError.rideGone(id: id, path: path) }
        return updated.changed == 1 ? .marked : .unfinishedImport
    }
}
