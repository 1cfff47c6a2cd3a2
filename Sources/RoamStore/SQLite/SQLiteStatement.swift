import CSQLite

/// Owns one prepared `sqlite3_stmt*`; `deinit` finalizes it. Prepare once, then for each use:
/// bind by 1-based index, step, read columns, `reset()` (which also clears the bindings).
public final class SQLiteStatement {
    let handle: OpaquePointer
    public let sql: String
    // Keeps the connection open as long as a statement of it exists.
    private let connection: SQLiteConnection

    /// `persistent` hints SQLite that the statement lives long and is reused (SQLITE_PREPARE_PERSISTENT).
    init(connection: SQLiteConnection, sql: String, persistent: Bool) throws(SQLiteError) {
        var stmt: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let rc = sqlite3_prepare_v3(connection.handle, sql, -1, flags, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw rc == SQLITE_OK
                ? SQLiteError(code: .misuse, message: "no statement in the SQL text", sql: sql, path: connection.path)
                : connection.error(rc, sql: sql)
        }
        self.handle = stmt
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding (SQLITE_TRANSIENT: SQLite copies, so Swift buffers may go away after the call)

    public func bind(_ value: Int64?, at index: Int32) throws(SQLiteError) {
        try check(value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    public func bind(_ value: Int?, at index: Int32) throws(SQLiteError) {
        try bind(value.map(Int64.init), at: index)
    }

    /// NaN is stored as NULL by SQLite and reads back as nil.
    public func bind(_ value: Double?, at index: Int32) throws(SQLiteError) {
        try check(value.map { sqlite3_bind_double(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        try check(sqlite3_bind_text(handle, index, value, -1, roam_sqlite_transient()))
    }

    public func bind(_ value: [UInt8]?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try check(sqlite3_bind_null(handle, index)) }
        // An empty array has no base address, and a NULL pointer would bind NULL, not an empty blob.
        guard !value.isEmpty else { return try check(sqlite3_bind_zeroblob(handle, index, 0)) }
        let rc = value.withUnsafeBytes { bytes in
            sqlite3_bind_blob64(handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), roam_sqlite_transient())
        }
        try check(rc)
    }

    // MARK: Stepping

    /// Returns true when a row is ready to read, false when the statement is done.
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(rc, sql: sql)
        }
    }

    /// Steps to completion, ignoring rows: for INSERT, UPDATE, DELETE.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Ends the current use and releases its read snapshot. sqlite3_reset repeats the last step's
    /// error, which `step()` has already thrown, so its result carries nothing new.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Columns (0-based index)

    public func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }
    public func optionalInt64(at index: Int32) -> Int64? { isNull(at: index) ? nil : int64(at: index) }
    public func int(at index: Int32) -> Int { Int(int64(at: index)) }
    public func optionalInt(at index: Int32) -> Int? { optionalInt64(at: index).map(Int.init) }

    public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }
    public func optionalDouble(at index: Int32) -> Double? { isNull(at: index) ? nil : double(at: index) }

    public func text(at index: Int32) -> String { optionalText(at: index) ?? "" }
    public func optionalText(at index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    public func isBlob(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_BLOB }

    public func blob(at index: Int32) -> [UInt8]? {
        guard !isNull(at: index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    private func check(_ rc: Int32) throws(SQLiteError) {
        guard rc == SQLITE_OK else { throw connection.error(rc, sql: sql) }
    }
}

@available(*, unavailable)
extension SQLiteStatement: Sendable {}
