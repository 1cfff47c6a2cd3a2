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

    /// What happened, in plain words, for messages that say their own check after it (a device's
    /// hint names the group, the board.conf key or the wiring): "it does not exist", "permission denied".
    public var words: String {
        switch rawValue {
        case ENOENT: return "it does not exist"
        case EACCES, EPERM: return "permission denied"
        case ENOSPC, EDQUOT: return "no space left on device (the storage is full)"
        case EROFS: return "the file system is read-only"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case EISDIR: return "it is a folder, not a file"
        case EEXIST: return "it exists already"
        case EIO: return "I/O error"
        // The codes a device gives: strerror's "Remote I/O error" or "Inappropriate ioctl" say nothing to a rider.
        case EREMOTEIO: return "nothing answered on the bus (no acknowledge)"
        case ENXIO: return "no device answers behind it"
        case ENODEV: return "the device is not there (gone, or no driver for it)"
        case ESHUTDOWN: return "the device was shut down (its adapter went away)"
        case EBUSY: return "it is busy"
        case ENOTTY: return "it is not that kind of device (the kernel refused the request)"
        case EINVAL: return "the kernel refused the request as invalid"
        case EOPNOTSUPP: return "the kernel does not support the request"
        case ETIMEDOUT: return "it timed out"
        case ENOSYS: return "the system lacks that call (too old a kernel or C library)"
        default: return strerror(rawValue).map { String(cString: $0).lowercased() } ?? "unknown error \(rawValue)"
        }
    }

    /// The error as a reason a rider can act on, with what to check: what every message that
    /// reaches a user says after "cannot <do> <what>: ", instead of strerror's bare words and a code.
    public var reason: String {
        switch rawValue {
        case ENOENT: return words + ": check the path (its folder must exist)"
        case EACCES, EPERM: return words + ": check that you may write there (owner and mode)"
        case ENOSPC, EDQUOT: return words + ": free some space"
        case EROFS: return words + ": check the mount"
        case ENOTDIR: return words + ": check the path"
        case EISDIR: return words + ": give a file name"
        case EIO: return words + ": check the storage device"
        default: return words
        }
    }

    /// strerror's words and the code, for developers' logs and benchmarks; never in what a rider reads (`words`, `reason`).
    public var description: String {
        let message = strerror(rawValue).map { String(cString: $0) } ?? "unknown error"
        return "\(message) [\(name) \(rawValue)]"
    }

    public static func ~= (pattern: Errno, value: any Error) -> Bool {
        (value as? Errno) == pattern
    }
}

