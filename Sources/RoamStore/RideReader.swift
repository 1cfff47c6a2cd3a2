import RoamCore

/// Read-only access for `rides`, `show`, `dump`, `check` and `status`. Opens its own read-only
/// connection, so it works while the recorder writes (WAL: readers see the last commit and never
/// block the writer). Never writes; `DumpLedger.markDumped` records a dump.
///
/// Methods throw `SQLiteError` for storage failures and `StoreError` for unreadable rows.
public final class RideReader {
    let connection: SQLiteConnection

    /// The database's schema version: older ones than this code's lack only what later migrations added.
    let schemaVersion: Int

    public var path: String { connection.path }

    /// Refuses a database this code cannot read: a newer schema, or one no writer has migrated yet.
    public init(path: String, busyTimeoutMs: Int32 = 5_000) throws {
        connection = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMs: busyTimeoutMs)
        schemaVersion = try Migrations.requireCurrent(connection)
    }

    /// Every ride, oldest first.
    public func rides() throws -> [RideRow] {
        let statement = try connection.prepare(RideColumns.select + " ORDER BY id")
        var rows: [RideRow] = []
        while try statement.step() { rows.append(try RideColumns.read(statement, path: path)) }
        return rows
    }

    public func ride(id: Int64) throws -> RideRow? {
        let statement = try connection.prepare(RideColumns.select + " WHERE id = ?1")
        try statement.bind(id, at: 1)
        guard try statement.step() else { return nil }
        return try RideColumns.read(statement, path: path)
    }

    /// The ride's events in the order they were recorded.
    public func events(ride id: Int64) throws -> [RideEvent] {
        try EventColumns.events(connection, ride: id).map(\.event)
    }

    /// A cursor over the ride's fixes in `seq` order, one row in memory at a time.
    public func fixes(ride id: Int64) throws(SQLiteError) -> FixCursor {
        try FixCursor(connection: connection, rideID: id)
    }

    /// Calls `body` with each fix of the ride in `seq` order, with flat memory. All fixes come from
    /// one snapshot: fixes committed meanwhile are not seen, a half-read batch never is.
    public func forEachFix(ride id: Int64, _ body: (FixRecord) throws -> Void) throws {
        let cursor = try fixes(ride: id)
        while let fix = try cursor.next() { try body(fix) }
    }
}
