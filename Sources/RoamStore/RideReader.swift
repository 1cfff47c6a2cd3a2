import RoamCore
import RoamSystem

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

    /// The file this connection opened: another one at the path later is not what it reads.
    let openedFile: FileIdentity?

    /// Refuses a database this code cannot read: a newer schema, or one no writer has migrated yet.
    public init(path: String, busyTimeoutMs: Int32 = 5_000) throws {
        connection = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMs: busyTimeoutMs)
        schemaVersion = try Migrations.requireCurrent(connection)
        openedFile = FileSystem.identity(path)
    }

    /// SQLite's `data_version` on this connection: it changes whenever another connection commits
    /// (a WAL reset included), so an equal value means nothing this reader would see changed. nil
    /// when the file at `path` is no longer the one this connection opened (replaced, restored,
    /// removed): the value then says nothing about the database there now.
    public func dataVersion() throws -> Int64? {
        guard FileSystem.identity(path) == openedFile else { return nil }
        let statement = try connection.prepare("PRAGMA data_version")
        guard try statement.step() else { return nil }
        return statement.int64(at: 0)
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
