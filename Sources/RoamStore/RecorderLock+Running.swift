import Glibc
import RoamSystem

extension RecorderLock {
    /// The recorder that holds the database's lock now, if one does: a shared `flock` tried and let go
    /// at once, on the lock file opened read-only and never created (no file: no recorder ever ran
    /// here). A file this user may not open says nothing either: that user cannot write the
    /// database beside it. The process that holds the lock itself is told apart by the caller.
    public static func runningRecorder(databasePath: String) -> Held? {
        let path = databasePath + ".lock"
        guard let fd = try? retryingInterrupted({ open(path, O_RDONLY | O_CLOEXEC) }) else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_SH | LOCK_NB) != 0 else { return nil }
        return errno == EWOULDBLOCK ? held(fd, path) : nil
    }
}
