import Glibc

/// A POSIX error code as returned (negated) by the C shims.
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: CInt
    public init(rawValue: CInt) { self.rawValue = rawValue }

    /// Builds the error from a shim result (`-errno`).
    public init(shimResult: CInt) { self.rawValue = -shimResult }

    /// The calling thread's `errno`, read right after a libc call failed.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let interrupted = Errno(rawValue: EINTR)
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    public static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let remoteIO = Errno(rawValue: EREMOTEIO)
    public static let ioError = Errno(rawValue: EIO)
    public static let noSpace = Errno(rawValue: ENOSPC)
    public static let accessDenied = Errno(rawValue: EACCES)
    public static let notPermitted = Errno(rawValue: EPERM)
    public static let busy = Errno(rawValue: EBUSY)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let timedOut = Errno(rawValue: ETIMEDOUT)

    /// The symbolic name for the codes we explain, else the number.
    public var name: String {
        switch rawValue {
        case EINTR: "EINTR"; case EAGAIN: "EAGAIN"; case ENODEV: "ENODEV"; case ENXIO: "ENXIO"
        case ENOENT: "ENOENT"; case EREMOTEIO: "EREMOTEIO"; case EIO: "EIO"; case ENOSPC: "ENOSPC"
        case EACCES: "EACCES"; case EPERM: "EPERM"; case EBUSY: "EBUSY"; case EINVAL: "EINVAL"
        case ETIMEDOUT: "ETIMEDOUT"; case ENOTTY: "ENOTTY"; case EBADF: "EBADF"
        case EEXIST: "EEXIST"; case ENOTDIR: "ENOTDIR"; case EISDIR: "EISDIR"; case EROFS: "EROFS"
        case ENOTEMPTY: "ENOTEMPTY"; case EXDEV: "EXDEV"; case EPIPE: "EPIPE"; case ECHILD: "ECHILD"
        default: "errno"
        }
    }

    /// The error as a reason a rider can act on, with what to check: what every message that
    /// reaches a user says after "cannot <do> <what>: ", instead of strerror's bare words and a code.
    public var reason: String {
        switch rawValue {
        case ENOENT: return "it does not exist: check the path (its folder must exist)"
        case EACCES, EPERM: return "permission denied: check that you may write there (owner and mode)"
        case ENOSPC, EDQUOT: return "no space left on device (the storage is full): free some space"
        case EROFS: return "the file system is read-only: check the mount"
        case ENOTDIR: return "a part of the path is a file, not a folder: check the path"
        case EISDIR: return "it is a folder, not a file: give a file name"
        case EEXIST: return "it exists already"
        case EIO: return "I/O error: check the storage device"
        default: return strerror(rawValue).map { String(cString: $0).lowercased() } ?? "unknown error \(rawValue)"
        }
    }

    /// strerror's words and the code, for logs and device probes that name the kernel's answer.
    public var description: String {
        let message = strerror(rawValue).map { String(cString: $0) } ?? "unknown error"
        return "\(message) [\(name) \(rawValue)]"
    }

    public static func ~= (pattern: Errno, value: any Error) -> Bool {
        (value as? Errno) == pattern
    }
}

