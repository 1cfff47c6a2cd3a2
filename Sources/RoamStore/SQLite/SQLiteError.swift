import RoamSystem

/// A failed SQLite call: the result code, SQLite's own message, the statement and the database.
/// The description has one fixed shape so logs and the CLI can show it as is, e.g.
/// `SQLite error 13 (SQLITE_FULL): database or disk is full, while executing 'INSERT INTO fixes …' on /data/rides.db`.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended code when SQLite gave one (extended result codes are on for every connection).
    public var code: ResultCode
    public var message: String
    /// The full statement, when the failure belongs to one.
    public var sql: String?
    public var path: String
    /// Set when rolling back after this error failed too; this error still wins (style §2.4).
    public var rollbackFailure: String?
    /// The system's error behind a failed open or I/O (`sqlite3_system_errno`, or our own creation of
    /// the file): out of file descriptors, the file is neither missing nor unreadable, and is not said
    /// so; out of room, an I/O error is the storage being full (`isFull`), not failing.
    public var systemErrno: Errno?
    /// Set when nothing was opened because the SQLite library here is older than the store's SQL needs.
    public var tooOldLibrary: SQLiteLibrary.TooOld?

    public init(code: ResultCode, message: String, sql: String? = nil, path: String, rollbackFailure: String? = nil,
                systemErrno: Errno? = nil, tooOldLibrary: SQLiteLibrary.TooOld? = nil) {
        self.code = code; self.message = message; self.sql = sql; self.path = path
        self.rollbackFailure = rollbackFailure; self.systemErrno = systemErrno; self.tooOldLibrary = tooOldLibrary
    }

    /// No room left: SQLITE_FULL, or an I/O error whose system errno is ENOSPC or EDQUOT (SQLite
    /// reports a -shm file it could not size as SQLITE_IOERR_SHMSIZE, whatever the cause).
    /// Not a read's: no system call failed for SQLITE_IOERR_SHORT_READ, and its errno may be an earlier one's.
    public var isFull: Bool {
        code.primary == .full || (code.primary == .ioError && systemErrno?.isOutOfRoom == true && !Self.readCodes.contains(code.rawValue))
    }
    /// SQLITE_IOERR_READ (266) and SQLITE_IOERR_SHORT_READ (522).
    static let readCodes: Set<Int32> = [266, 522]
    public var isIOError: Bool { code.primary == .ioError && !isFull }
    /// Another connection holds the write lock (or a WAL snapshot is stale): retrying may succeed.
    public var isBusy: Bool { code.primary == .busy || code.primary == .locked }
    /// The open failed because the process or the system had no file descriptor left.
    public var isOutOfDescriptors: Bool { code.primary == .cantOpen && systemErrno?.isOutOfDescriptors == true }
    public var isCorrupt: Bool { code.primary == .corrupt || code.primary == .notADatabase }

    public var description: String {
        let primary = code.primary
        var head = "SQLite error \(primary.rawValue) (\(code)"
        if code.isExtended { head += ", extended \(code.rawValue)" }
        head += "): \(message)"
        if let sql { head += ", while executing '\(Self.abbreviate(sql))'" }
        head += " on \(path)"
        if let rollbackFailure { head += "; rolling back failed too: \(rollbackFailure)" }
        return head
    }

    /// One line, cut before the column list: enough to name the statement without flooding a log.
    static func abbreviate(_ sql: String) -> String {
        let oneLine = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
        let limit = 60
        if let paren = oneLine.firstIndex(of: "("), oneLine.distance(from: oneLine.startIndex, to: paren) <= limit {
            let before = oneLine[..<paren].trimmingSuffix(" ")
            return before.count < oneLine.count ? before + " …" : before
        }
        guard oneLine.count > limit else { return oneLine }
        return String(oneLine.prefix(limit)) + " …"
    }
}

private extension Substring {
    func trimmingSuffix(_ c: Character) -> String {
        var s = self
        while s.last == c { s = s.dropLast() }
        return String(s)
    }
}
