import CSQLite
import RoamSystem

/// Owns one `sqlite3*` handle; `close()` or `deinit` closes it. Not thread-safe by design: it is opened
/// NOMUTEX and belongs to one thread at a time (the commit thread, or a reader's caller).
public final class SQLiteConnection {
    public enum Mode: Sendable {
        /// The recorder and other writers: creates the file, WAL, synchronous=FULL, foreign keys on.
        case readWrite
        /// dump, check, status: never writes, works while the recorder writes (WAL).
        case readOnly
        /// A file no one may be writing, read without locks or a -shm file (`immutable=1`): what a
        /// reader falls back to where it may not write the folder (`SQLiteConnection.reading`).
        case immutable
    }

    private let openHandle: OpaquePointer
    /// Set by `close()`; any use after it stops the program rather than touch a freed handle.
    public private(set) var isClosed = false
    var handle: OpaquePointer {
        precondition(!isClosed, "the SQLite connection to \(path) was used after close()")
        return openHandle
    }
    public let path: String
    public let mode: Mode
    /// True while `inTransaction` runs its body; tells a deliberate nesting from a leftover.
    var isInsideTransactionBody = false
    /// `inTransaction`'s BEGIN IMMEDIATE and COMMIT, prepared at first use and kept (`executeKept`):
    /// the recorder runs them around every batch, and parsing them each time showed in its profile.
    var keptBegin: OpaquePointer?
    var keptCommit: OpaquePointer?

    /// Opens `path` (`sqlite3_open_v2`). Creating the parent directory is the caller's job.
    /// `busyTimeoutMs` bounds how long a statement waits for another connection's lock.
    /// `exclusive` (a writer only): the file locked for this connection alone from its first read,
    /// which in WAL mode keeps the WAL index in this process's memory, so no -shm file is needed
    /// (`Prune` on a full card, where one cannot be made).
    public init(path: String, mode: Mode, busyTimeoutMs: Int32 = 5_000, exclusive: Bool = false) throws(SQLiteError) {
        let access = mode == .readWrite ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            : mode == .immutable ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READONLY
        let name = mode == .immutable ? Self.immutableURI(path) : path
        // Before anything is made: an older library would fail later, in the middle of a commit.
        if let old = SQLiteLibrary.tooOld() {
            throw SQLiteError(code: .error, message: "SQLite \(old.found) is older than \(old.needed)", path: path, tooOldLibrary: old)
        }
        // Made here, not by SQLite, so root's new database goes to the folder's owner before SQLite
        // makes its -wal and -shm, which it gives to the database's owner.
        if mode == .readWrite {
            do { if try FileSystem.kind(path) == nil { try FileSystem.makeFile(path) } } catch {
                throw SQLiteError(code: ResultCode(rawValue: SQLITE_CANTOPEN), message: error.description, path: path, systemErrno: error.errno)
            }
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(name, &db, access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard rc == SQLITE_OK, let db else {
            // SQLite allocates a handle even when opening fails; it carries the message.
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            let system = db.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(db)
            throw SQLiteError(code: ResultCode(rawValue: rc), message: message, path: path,
                              systemErrno: system == 0 ? nil : Errno(rawValue: system))
        }
        self.openHandle = db
        self.path = path
        self.mode = mode
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMs)
        if mode == .readWrite {
            // Before the first read: set later, SQLite has already made the -shm.
            if exclusive { try execute("PRAGMA locking_mode=EXCLUSIVE") }
            try configureWriter()
        }
    }

    deinit {
        // close_v2 defers the close until every statement is finalized, so order of release is free.
        if !isClosed { finalizeKept(); sqlite3_close_v2(openHandle) }
    }

    /// Closes now rather than whenever the last reference goes: the last writer's close is what
    /// checkpoints the WAL into the database file, so a caller that must be done with the files
    /// (the recorder's `stop()`) closes them itself. Statements still alive keep the handle as a
    /// zombie until they are finalized; none of them may be stepped again.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        // The kept statements are the connection's own: finalized first, so the close (and its checkpoint) is not deferred.
        finalizeKept()
        sqlite3_close_v2(openHandle)
    }

    private func finalizeKept() {
        sqlite3_finalize(keptBegin); sqlite3_finalize(keptCommit)
        keptBegin = nil; keptCommit = nil
    }

    /// Runs a statement without results, as `execute` does, from a statement prepared once into
    /// `kept` and reused: the same result code and message as `sqlite3_exec`, without parsing it again.
    func executeKept(_ sql: String, _ kept: inout OpaquePointer?) throws(SQLiteError) {
        if kept == nil {
            var stmt: OpaquePointer?
            let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
            guard rc == SQLITE_OK, let stmt else { throw error(rc, sql: sql) }
            kept = stmt
        }
        let rc = sqlite3_step(kept)
        // The message is read before the reset, which leaves the statement ready for its next use.
        let failure = rc == SQLITE_DONE ? nil : error(rc, sql: sql)
        sqlite3_reset(kept)
        if let failure { throw failure }
    }

    /// P1: WAL with synchronous=FULL syncs the WAL once per commit, so an acknowledged batch
    /// survives power loss (NORMAL in WAL mode may lose the last commits).
    ///
    /// A new database gets 1 KiB pages (an existing one keeps its own: SQLite fixes the size at
    /// creation). Each commit rewrites the pages it touches whole in the WAL — the database header,
    /// the ride row, the fixes' interior page and the last, partly filled leaf — so smaller pages
    /// are fewer bytes on the SD card per commit: at 10 Hz with a 1 s cadence, 85 MB an hour
    /// instead of 113 (`roam-board bench-cadence`).
    private func configureWriter() throws(SQLiteError) {
        try execute("PRAGMA page_size=1024")
        let journal = try singleText("PRAGMA journal_mode=WAL")
        guard journal?.lowercased() == "wal" else {
            throw SQLiteError(code: .error, message: "journal_mode is '\(journal ?? "nil")', expected 'wal'",
                              sql: "PRAGMA journal_mode=WAL", path: path)
        }
        try execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON")
        // A reader holding a snapshot (a long `check` or `dump`) stops checkpoints from restarting
        // the WAL, which then grows; once it restarts, it is cut back to this instead of staying at its peak.
        try execute("PRAGMA journal_size_limit=\(4 << 20)")
    }

    /// Bytes of heap SQLite's page cache holds for this connection (`SQLITE_DBSTATUS_CACHE_USED`).
    public var pageCacheBytes: Int {
        var current: Int32 = 0, highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
        return Int(current)
    }

    /// Runs one or more statements without results (`sqlite3_exec`): DDL, PRAGMAs, BEGIN/COMMIT.
    public func execute(_ sql: String) throws(SQLiteError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc, sql: sql) }
    }

    /// The first column of the first row as text, or nil for no row or NULL.
    public func singleText(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.optionalText(at: 0)
    }

    public func prepare(_ sql: String, persistent: Bool = false) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(connection: self, sql: sql, persistent: persistent)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// False while a transaction is open on this connection (`sqlite3_get_autocommit`).
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Builds the error for `rc` with SQLite's current message; call it right after the failure.
    func error(_ rc: Int32, sql: String?) -> SQLiteError {
        // SQLite opens the files at the first statement: a failed open there carries the system's errno too.
        // So does an I/O error: SQLite reports a -shm it could not size for want of room as SQLITE_IOERR, not FULL.
        let primary = ResultCode(rawValue: rc).primary
        let system = primary == .cantOpen || primary == .ioError || primary == .full ? sqlite3_system_errno(handle) : 0
        return SQLiteError(code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path,
                           systemErrno: system == 0 ? nil : Errno(rawValue: system))
    }
}

// NOMUTEX: the compiler, not a comment, keeps a connection on one thread at a time.
@available(*, unavailable)
extension SQLiteConnection: Sendable {}
