import Glibc
import RoamSystem

extension SQLiteError {
    /// What failed, in words, without SQLite's own message where a sentence fits: the recorder's
    /// alarm, its log and `status` say it as is; the commands add what to do (`ErrorText`).
    public var cause: String {
        if let old = tooOldLibrary {
            return "the SQLite library here is \(old.found), and roam-board needs \(old.needed) or later to open \(FilePath.shown(path))"
        }
        // Before the code: an I/O error for want of room is the storage full, not failing.
        if isFull { return "the storage holding \(FilePath.shown(path)) is full" }
        switch code.primary {
        case .ioError: return "the storage holding \(FilePath.shown(path)) failed to read or write (I/O error)"
        case .busy, .locked: return "\(FilePath.shown(path)) \(Self.lockedByAnotherWriter)"
        case .readOnly: return "\(FilePath.shown(path)) is read-only"
        case .cantOpen:
            guard let systemErrno, systemErrno.isOutOfDescriptors else { return "cannot open the database \(FilePath.shown(path))" }
            return "cannot open the database \(FilePath.shown(path)): \(systemErrno.words)"
        case .notADatabase, .corrupt:
            if isNotSQLiteAtAll { return "\(FilePath.shown(path)) is not a roam-board database: it is not an SQLite file at all" }
            return "\(FilePath.shown(path)) is damaged or not a roam-board database"
        default: return "the database \(FilePath.shown(path)) refused a request: \(message)"
        }
    }
}

extension SQLiteError {
    /// SQLite's "not a database" for a file that does not begin with SQLite's header: a GPX, a FIT,
    /// a text file named by mistake, not a damaged database (whose head may be zeroed: that is damage). Nothing to rescue from it: a rider who
    /// mistyped a path must not be told their rides are damaged.
    public var isNotSQLiteAtAll: Bool {
        guard code.primary == .notADatabase else { return false }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        let n = read(fd, &head, head.count)
        // A zeroed head is a damaged card's page 1 (rewritten at every checkpoint), not another file.
        return n > 0 && !head[0..<n].elementsEqual(Array("SQLite format 3\0".utf8)) && !head[0..<n].allSatisfy { $0 == 0 }
    }

    static let lockedByAnotherWriter = "is locked by another process writing it"

    /// Whether `cause`'s words (as a status file keeps them) say another writer held the lock:
    /// that passes by itself, and the storage is not what to check.
    public static func saysLockedByAnotherWriter(_ words: String) -> Bool { words.hasSuffix(lockedByAnotherWriter) }
}

/// A storage failure in words for a log or the status: a SQLite error by its cause, ours as they read.
public enum StorageWords {
    public static func of(_ error: any Error) -> String {
        (error as? SQLiteError)?.cause ?? String(describing: error)
    }
}
