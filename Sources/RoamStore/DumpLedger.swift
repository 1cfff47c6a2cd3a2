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

    /// Sets the ride's dumped-at time. Throws `StoreError.corruptRow` if the ride is gone
    /// (pruned between the dump and this call), `SQLiteError` on a storage failure.
    /// `keepingEarlier`: a ride already handed over keeps its first time (the drive marks every
    /// ride on it at each plug-in; prune's cut-off must not move later with each one).
    public func markDumped(id: Int64, dumpedUTCms: Int64, keepingEarlier: Bool = false) throws {
        let updated = try connection.inTransaction { () throws(SQLiteError) -> Int in
            let update = try connection.prepare(keepingEarlier
                ? "UPDATE rides SET dumped_utc_ms = coalesce(dumped_utc_ms, ?2) WHERE id = ?1"
                : "UPDATE rides SET dumped_utc_ms = ?2 WHERE id = ?1")
            try update.bind(id, at: 1)
            try update.bind(dumpedUTCms, at: 2)
            try update.run()
            return connection.changes
        }
        guard updated == 1 else {
            throw StoreError.corruptRow(table: "rides", detail: "ride \(id) vanished before it could be marked dumped", path: path)
        }
    }
}
