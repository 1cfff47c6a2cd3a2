import Glibc
import RoamSystem

extension RecorderLock {
    /// The recorder that holds the database's lock now, if one does: a shared `flock` tried and let go
    /// at once, on the lock file opened read-only and never created (no file: no recorder ever ran
    /// here). Any other failure to open or lock it is no answer, and is thrown: a writer that took it
    /// for "no recorder" would migrate under one (docs/DESIGN.md §4). The process that holds the lock
    /// itself is told apart by the caller.
    public static func runningRecorder(databasePath: String) throws(StoreError) -> Held? {
        let path = Self.path(forDatabase: databasePath)
        let fd: Int32
        do { fd = try retryingInterrupted { open(path, O_RDONLY | O_CLOEXEC) } } catch {
            if error == .noSuchFile { return nil }
            throw StoreError.recorderUnknown(action: "open the recorder lock", lock: path, errno: error, path: databasePath)
        }
        defer { close(fd) }
        do {
            _ = try retryingInterrupted { flock(fd, LOCK_SH | LOCK_NB) }
            return nil
        } catch {
            if error == .wouldBlock { return held(fd, path) }
            throw StoreError.recorderUnknown(action: "try the recorder lock", lock: path, errno: error, path: databasePath)
        }
    }
}
