import RoamSystem
import Glibc

/// A capture that could not be opened or read: which step, on which file, and why in RoamSystem's
/// words with what to check (`Errno.reason`), never strerror's.
public struct CaptureError: Error, Equatable, CustomStringConvertible {
    public var step: String
    public var path: String
    public var reason: String

    /// The failure of a libc call, with the errno it left.
    static func errno(_ step: String, _ path: String, _ errno: Errno = .current) -> CaptureError {
        CaptureError(step: step, path: path, reason: errno.reason(.read))
    }

    public var description: String { "\(step) \(FilePath.shown(path)) failed: \(reason)" }
}
