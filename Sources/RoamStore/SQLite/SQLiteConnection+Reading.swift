import Glibc
import RoamSystem

extension SQLiteConnection {
    /// The connection every reader reads through (rides, show, dump, check, status, prune's dry run,
    /// the drive keeper): read-only, and readable where this user may only read.
    ///
    /// A WAL database is read beside its -shm file, which SQLite creates when it is missing. In a
    /// folder this user may not write (another user's data directory, a read-only mount: a card in a
    /// computer, a copy on a read-only medium) it cannot, and the read fails although nothing needs
    /// writing. Then, and only when no commit waits outside the file (no -wal holding frames, no
    /// -journal), the file is read `immutable=1`: without locks and without a -shm. That is safe
    /// only while nobody writes the file. No -wal means no writer has it open (a WAL writer keeps
    /// its -wal from open to close), and this user cannot start one here; on a read-only mount no one
    /// can. What is left is a recorder of the folder's owner starting during this read: it commits
    /// into a new -wal, which this read does not see (it reads the file as it was), and could touch
    /// the file beneath it only at a checkpoint, after about 1 000 pages of WAL.
    /// With a live recorder its -wal and -shm exist, and SQLite reads through them read-only.
    /// A -wal with commits and no -shm cannot be read here at all: `StoreError.walUnreadable` says
    /// what to do.
    ///
    /// A full card is read the same way: SQLite sizes a new -shm by writing into it, and with no
    /// room that fails (SQLITE_IOERR, ENOSPC) although the read needs none. A live connection keeps a
    /// -shm of at least 32 KiB, so the failure itself says no one has the file open; with no -wal
    /// holding frames, the file holds every commit. A writer that starts during this read needs
    /// the same room for its -shm first. A -wal with frames keeps the failure: it is never ignored.
    public static func reading(_ path: String, busyTimeoutMs: Int32) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMs: busyTimeoutMs)
        switch Result(catching: { () throws(SQLiteError) in try connection.openFilesNow() }) {
        case .success: return connection
        case .failure(let error) where error.code == .readOnlyDirectory || error.code == .cantOpen:
            connection.close()
            // A missing or unreadable file keeps SQLite's own error (the CLI says "no database at …").
            guard FileSystem.visibleKind(path) == .file, access(path, R_OK) == 0 else { throw error }
            guard try !holdsCommitsBeside(path) else { throw StoreError.walUnreadable(path: path) }
        case .failure(let error) where error.isFull:
            connection.close()
            // The room is what is missing, not the commits: said as the storage full, what to free.
            guard try !holdsCommitsBeside(path) else { throw error }
        case .failure(let error): throw error
        }
        let immutable = try SQLiteConnection(path: path, mode: .immutable, busyTimeoutMs: busyTimeoutMs)
        try immutable.openFilesNow()
        return immutable
    }

    /// SQLite opens the database, its -wal and -shm at the first statement, not at `sqlite3_open_v2`.
    private func openFilesNow() throws(SQLiteError) {
        try execute("PRAGMA schema_version")
    }

    /// A -wal with frames (commits not yet in the file) or a -journal (a write cut short): an
    /// immutable read would not see them, or would see half a write.
    static func holdsCommitsBeside(_ path: String) throws(SystemError) -> Bool {
        if FileSystem.exists(path + "-journal") { return true }
        guard FileSystem.exists(path + "-wal") else { return false }
        return try FileSystem.size(path + "-wal") > 0
    }

    /// `path` as an SQLite URI: every byte but a plain few percent-encoded (a path may hold '?',
    /// '#' or '%'), and an absolute path behind an empty authority ("file:///…").
    static func immutableURI(_ path: String) -> String {
        let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/._-~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in path.utf8 {
            if plain.contains(byte) { encoded.append(byte); continue }
            encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
        let prefix = path.hasPrefix("/") ? "file://" : "file:"
        return prefix + String(decoding: encoded, as: UTF8.self) + "?immutable=1"
    }
}
