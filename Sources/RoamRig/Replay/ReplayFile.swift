import Glibc
import RoamSystem

/// A replay file opened and read for its first bytes, a failure said in RoamSystem's words with
/// what to check ("cannot read capture X: I/O error: check the storage device"): a read error is
/// never taken for the file's end, which would call an unreadable file empty or not NMEA.
enum ReplayFile {
    static func open(_ path: String) throws(ReplaySourceError) -> CInt {
        do {
            return try retryingInterrupted { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        } catch {
            throw unreadable(path, error)
        }
    }

    /// Up to `buffer.count` bytes from `fd`; 0 at the end of the file.
    static func read(_ fd: CInt, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(ReplaySourceError) -> Int {
        do {
            return try retryingInterrupted { Glibc.read(fd, buffer.baseAddress, buffer.count) }
        } catch {
            throw unreadable(path, error)
        }
    }

    static func unreadable(_ path: String, _ errno: Errno) -> ReplaySourceError {
        ReplaySourceError(.unreadable, "cannot read capture \(FilePath.shown(path)): \(errno.reason(.read))")
    }
}
