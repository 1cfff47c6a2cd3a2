import RoamCore
import RoamSystem

/// Read-only access for `rides`, `show`, `dump`, `check` and `status`. Opens its own read-only
/// connection, so it works while the recorder writes (WAL: readers see the last commit and never
/// block the writer). Never writes; `DumpLedger.markDumped` records a dump.
///
/// Methods throw `SQLiteError` for storage failures and `StoreError` for unreadable rows.
public final class RideReader {
    private(set) var connection: SQLiteConnection

    /// The database's schema version: older ones than this code's lack only what later migrations added.
    private(set) var schemaVersion: Int

    public let path: String
    private let busyTimeoutMs: Int32

    /// The file this connection opened: another one at the path later is not what it reads.
    private(set) var openedFile: FileIdentity?

    /// What is at `path` now, beside the file this reader opened.
    public enum FileAtPath: Equatable, Sendable {
        /// The file this reader opened.
        case opened
        /// Another file (renamed or copied in its place: a restore); `reopen` reads it.
        case replaced
        /// Nothing, for now (a restore between its remove and its rename or copy).
        case missing
    }

    /// Refuses a database this code cannot read: a newer schema, or one no writer has migrated yet.
    public init(path: String, busyTimeoutMs: Int32 = 5_000) throws {
        self.path = path
        self.busyTimeoutMs = busyTimeoutMs
        (connection, schemaVersion, openedFile) = try Self.open(path, busyTimeoutMs: busyTimeoutMs)
    }

    public var fileAtPath: FileAtPath {
        guard let now = FileSystem.identity(path) else { return .missing }
        return now == openedFile ? .opened : .replaced
    }

    /// Reads the file now at `path` from here on, in place of the one opened before (a long-lived
    /// reader, as the drive keeper's, after a restore). Throws as `init` does and then keeps the
    /// connection it had.
    public func reopen() throws {
        (connection, schemaVersion, openedFile) = try Self.open(path, busyTimeoutMs: busyTimeoutMs)
    }

    /// Refuses, as `init` does, a schema a newer roam-board migrated the database to since this
    /// reader opened it: a long-lived reader (the drive keeper) asks before it acts on what it read.
    public func requireKnownSchema() throws {
        schemaVersion = try Migrations.requireCurrent(connection)
    }

    /// The identity is taken before the connection opens: a file put at the path in between is
    /// then seen as another one at the next look, never taken for the one read.
    private static func open(_ path: String, busyTimeoutMs: Int32) throws -> (SQLiteConnection, Int, FileIdentity?) {
        let file = FileSystem.identity(path)
        let connection = try SQLiteConnection.reading(path, busyTimeoutMs: busyTimeoutMs)
        return (connection, try Migrations.requireCurrent(connection), file)
    }

    /// SQLite's `data_version` on this connection: it changes whenever another connection commits
    /// (a WAL reset included), so an equal value means nothing this reader would see changed. nil
    /// when the file at `path` is no longer the one this connection opened (replaced, restored,
    /// removed): the value then says nothing about the database there now.
    /// A file read `immutable=1` (a full card, a folder this user may not write) shows no commit
    /// after its opening: it is opened again, through its -wal and -shm once there is room, and nil
    /// (nothing known) while it is still read so. The drive keeper kept a full card's first reading.
    public func dataVersion() throws -> Int64? {
        guard fileAtPath == .opened else { return nil }
        if connection.mode == .immutable {
            try reopen()
            guard connection.mode != .immutable else { return nil }
        }
        let statement = try connection.prepare("PRAGMA data_version")
        guard try statement.step() else { return nil }
        return statement.int64(at: 0)
    }

    /// Whether this reader has the file open `immutable=1` (a full card, a folder this user may not
    /// write): without locks, so a read may meet another process's write half done.
    public var readsWithoutLocks: Bool { connection.mode == .immutable }

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

    /// The ride's events of kinds this roam-board knows, in the order they were recorded.
    public func events(ride id: Int64) throws -> [RideEvent] {
        try eventsAndNewer(ride: id).events
    }

    /// The ride's events as `events` reads them, and what a newer roam-board wrote among them:
    /// what show, the ride page and check say they passed over.
    public func eventsAndNewer(ride id: Int64) throws -> (events: [RideEvent], newer: NewerEvents) {
        let (rows, newer) = try EventColumns.events(connection, ride: id)
        return (rows.map(\.event), newer)
    }

    /// A cursor over the ride's fixes in `seq` order, one row in memory at a time.
    public func fixes(ride id: Int64) throws(SQLiteError) -> FixCursor {
        try FixCursor(connection: connection, rideID: id)
    }

    /// The ride's last fix (the highest `seq`), or nil before its first.
    public func lastFix(ride id: Int64) throws -> FixRecord? {
        try FixCursor(connection: connection, rideID: id, newestFirst: true).next()
    }

    /// Calls `body` with each fix of the ride in `seq` order, with flat memory. All fixes come from
    /// one snapshot: fixes committed meanwhile are not seen, a half-read batch never is.
    public func forEachFix(ride id: Int64, _ body: (FixRecord) throws -> Void) throws {
        let cursor = try fixes(ride: id)
        while let fix = try cursor.next() { try body(fix) }
    }
}
