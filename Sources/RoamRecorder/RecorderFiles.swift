import Glibc
import RoamStore
import RoamSystem

/// The files the recorder writes beside its database. Each must be writable by the user it runs
/// as: SQLite opens a database it may not write read-only without a word, and the first commit
/// then fails as if the storage had. So `record` refuses at start, and `selftest` reports, in words
/// that name the owner and the fix (`FolderOwner.advice`).
public enum RecorderFiles {
    public static func paths(database db: String) -> [String] {
        [db, db + "-wal", db + "-shm", RecorderLock.path(forDatabase: db), RecorderStatusFile.path(forDatabase: db)]
    }

    /// Why this user may not record into `database`; nil when it may (or the folder is not there
    /// yet). A folder of this user's own it may not write is left to the first file made in it, which
    /// names the folder (a read-only mount, an immutable folder: the storage's to say).
    public static func unwritable(database db: String) -> String? {
        let folder = FilePath.parent(db)
        guard FileSystem.isFolder(folder) else { return nil }
        let me = FolderOwner.current
        if !mayWrite(folder), let owner = FolderOwner.of(folder), owner.uid != me.uid,
           let advice = FolderOwner.advice(refusedWriteIn: folder) {
            return "\(me.words) may not write the data folder \(FilePath.shown(folder)): \(advice)"
        }
        let refused = paths(database: db).filter { FileSystem.exists($0) && !mayWrite($0) }
        guard !refused.isEmpty else { return nil }
        return FolderOwner.advice(refusedWriteIn: folder, paths: refused)
            ?? "\(me.words) may not write \(refused.joined(separator: ", ")): check \(refused.count == 1 ? "its" : "their") mode"
    }

    /// What the file's owner and mode allow (EACCES); an immutable file (EPERM) or a read-only
    /// mount (EROFS) is the storage's to say when the write fails.
    private static func mayWrite(_ path: String) -> Bool { access(path, W_OK) == 0 || errno != EACCES }
}
