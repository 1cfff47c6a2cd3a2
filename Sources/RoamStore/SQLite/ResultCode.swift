import CSQLite

/// An SQLite result code, primary or extended. A struct, not an enum, so codes this file does
/// not name still survive intact. The constants come from sqlite3.h, never copied by hand.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    init(_ raw: Int32) { self.rawValue = raw }

    /// sqlite3.h defines extended codes as `(primary | (n<<8))` macros, which Swift does not import.
    private static func ext(_ primary: Int32, _ n: Int32) -> Int32 { primary | (n << 8) }

    /// The primary code: the low byte of an extended code.
    public var primary: ResultCode { ResultCode(rawValue & 0xFF) }
    public var isExtended: Bool { rawValue != primary.rawValue }

    public static let error = ResultCode(SQLITE_ERROR)
    public static let busy = ResultCode(SQLITE_BUSY)
    public static let locked = ResultCode(SQLITE_LOCKED)
    public static let readOnly = ResultCode(SQLITE_READONLY)
    /// A hot rollback journal beside the file (a write, e.g. the database's creation, cut short by a
    /// crash or power cut) that a read-only connection cannot roll back.
    public static let readOnlyRollback = ResultCode(Self.ext(SQLITE_READONLY, 3))
    /// A file SQLite had to create beside the database (its -wal or -shm) in a folder it may not write.
    public static let readOnlyDirectory = ResultCode(Self.ext(SQLITE_READONLY, 6))
    public static let ioError = ResultCode(SQLITE_IOERR)
    public static let corrupt = ResultCode(SQLITE_CORRUPT)
    public static let full = ResultCode(SQLITE_FULL)
    public static let cantOpen = ResultCode(SQLITE_CANTOPEN)
    public static let constraint = ResultCode(SQLITE_CONSTRAINT)
    public static let constraintPrimaryKey = ResultCode(Self.ext(SQLITE_CONSTRAINT, 6))
    public static let constraintForeignKey = ResultCode(Self.ext(SQLITE_CONSTRAINT, 3))
    public static let constraintTrigger = ResultCode(Self.ext(SQLITE_CONSTRAINT, 7))
    public static let misuse = ResultCode(SQLITE_MISUSE)
    public static let notADatabase = ResultCode(SQLITE_NOTADB)

    /// A primary code matches itself and all its extended codes; an extended code only itself.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern.isExtended ? pattern == code : pattern == code.primary
    }

    /// The C name, e.g. "SQLITE_IOERR_FSYNC"; falls back to the primary's name, then to nil.
    public var name: String? { Self.names[rawValue] ?? Self.names[primary.rawValue] }

    public var description: String { name ?? "SQLite result \(rawValue)" }

    private static let names: [Int32: String] = [
        SQLITE_ERROR: "SQLITE_ERROR", SQLITE_INTERNAL: "SQLITE_INTERNAL", SQLITE_PERM: "SQLITE_PERM",
        SQLITE_ABORT: "SQLITE_ABORT", SQLITE_BUSY: "SQLITE_BUSY", SQLITE_LOCKED: "SQLITE_LOCKED",
        SQLITE_NOMEM: "SQLITE_NOMEM", SQLITE_READONLY: "SQLITE_READONLY", SQLITE_INTERRUPT: "SQLITE_INTERRUPT",
        SQLITE_IOERR: "SQLITE_IOERR", SQLITE_CORRUPT: "SQLITE_CORRUPT", SQLITE_NOTFOUND: "SQLITE_NOTFOUND",
        SQLITE_FULL: "SQLITE_FULL", SQLITE_CANTOPEN: "SQLITE_CANTOPEN", SQLITE_PROTOCOL: "SQLITE_PROTOCOL",
        SQLITE_SCHEMA: "SQLITE_SCHEMA", SQLITE_TOOBIG: "SQLITE_TOOBIG", SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT",
        SQLITE_MISMATCH: "SQLITE_MISMATCH", SQLITE_MISUSE: "SQLITE_MISUSE", SQLITE_NOLFS: "SQLITE_NOLFS",
        SQLITE_AUTH: "SQLITE_AUTH", SQLITE_RANGE: "SQLITE_RANGE", SQLITE_NOTADB: "SQLITE_NOTADB",
        // Extended codes we expect on a board: storage failing, the WAL busy, a constraint tripped.
        ext(SQLITE_IOERR, 1): "SQLITE_IOERR_READ", ext(SQLITE_IOERR, 2): "SQLITE_IOERR_SHORT_READ",
        ext(SQLITE_IOERR, 3): "SQLITE_IOERR_WRITE", ext(SQLITE_IOERR, 4): "SQLITE_IOERR_FSYNC",
        ext(SQLITE_IOERR, 5): "SQLITE_IOERR_DIR_FSYNC", ext(SQLITE_IOERR, 6): "SQLITE_IOERR_TRUNCATE",
        ext(SQLITE_IOERR, 7): "SQLITE_IOERR_FSTAT", ext(SQLITE_IOERR, 18): "SQLITE_IOERR_SHMOPEN",
        ext(SQLITE_IOERR, 19): "SQLITE_IOERR_SHMSIZE", ext(SQLITE_IOERR, 21): "SQLITE_IOERR_SHMMAP",
        ext(SQLITE_IOERR, 12): "SQLITE_IOERR_NOMEM", ext(SQLITE_BUSY, 1): "SQLITE_BUSY_RECOVERY",
        ext(SQLITE_BUSY, 2): "SQLITE_BUSY_SNAPSHOT", ext(SQLITE_BUSY, 3): "SQLITE_BUSY_TIMEOUT",
        ext(SQLITE_CANTOPEN, 2): "SQLITE_CANTOPEN_ISDIR", ext(SQLITE_CANTOPEN, 3): "SQLITE_CANTOPEN_FULLPATH",
        ext(SQLITE_CORRUPT, 3): "SQLITE_CORRUPT_INDEX", ext(SQLITE_READONLY, 4): "SQLITE_READONLY_DBMOVED",
        ext(SQLITE_READONLY, 6): "SQLITE_READONLY_DIRECTORY",
        ext(SQLITE_CONSTRAINT, 1): "SQLITE_CONSTRAINT_CHECK", ext(SQLITE_CONSTRAINT, 3): "SQLITE_CONSTRAINT_FOREIGNKEY",
        ext(SQLITE_CONSTRAINT, 5): "SQLITE_CONSTRAINT_NOTNULL", ext(SQLITE_CONSTRAINT, 6): "SQLITE_CONSTRAINT_PRIMARYKEY",
        ext(SQLITE_CONSTRAINT, 7): "SQLITE_CONSTRAINT_TRIGGER", ext(SQLITE_CONSTRAINT, 8): "SQLITE_CONSTRAINT_UNIQUE",
    ]
}
