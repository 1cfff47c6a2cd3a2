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

    /// The symbolic name for the codes we explain, else "errno" and the number.
    public var name: String {
        switch rawValue {
        case EINTR: "EINTR"; case EAGAIN: "EAGAIN"; case ENODEV: "ENODEV"; case ENXIO: "ENXIO"
        case ENOENT: "ENOENT"; case EREMOTEIO: "EREMOTEIO"; case EIO: "EIO"; case ENOSPC: "ENOSPC"
        case EACCES: "EACCES"; case EPERM: "EPERM"; case EBUSY: "EBUSY"; case EINVAL: "EINVAL"
        case ETIMEDOUT: "ETIMEDOUT"; case ENOTTY: "ENOTTY"; case EBADF: "EBADF"
        case EEXIST: "EEXIST"; case ENOTDIR: "ENOTDIR"; case EISDIR: "EISDIR"; case EROFS: "EROFS"
        case ENOTEMPTY: "ENOTEMPTY"; case EXDEV: "EXDEV"; case EPIPE: "EPIPE"; case ECHILD: "ECHILD"
        case ENAMETOOLONG: "ENAMETOOLONG"; case ELOOP: "ELOOP"; case EMFILE: "EMFILE"; case ENFILE: "ENFILE"
        case EFBIG: "EFBIG"; case ENOLCK: "ENOLCK"; case EDQUOT: "EDQUOT"; case ETXTBSY: "ETXTBSY"
        case ENOMEM: "ENOMEM"; case ENOEXEC: "ENOEXEC"; case ESTALE: "ESTALE"; case EOVERFLOW: "EOVERFLOW"
        case EMLINK: "EMLINK"; case ENOSYS: "ENOSYS"; case ESHUTDOWN: "ESHUTDOWN"; case EOPNOTSUPP: "EOPNOTSUPP"
        case ENOMEDIUM: "ENOMEDIUM"; case EUCLEAN: "EUCLEAN"; case ESPIPE: "ESPIPE"; case E2BIG: "E2BIG"
        default: "errno \(rawValue)"
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
        // What a file, a folder or a program on a card or a stick can answer: strerror's "File name too
        // long" or "Too many levels of symbolic links" are a programmer's words, not a rider's.
        case ENAMETOOLONG: return "the name or the path is too long"
        case ELOOP: return "its path goes round in symbolic links (a link that leads back to itself)"
        case EMFILE: return "this program ran out of file descriptors (too many files open)"
        case ENFILE: return "the system ran out of file descriptors (too many files open)"
        case EFBIG: return "the file is too large for its file system or for this process's limit (ulimit -f)"
        case ENOLCK: return "its file system gives no file locks (a network share?)"
        case ETXTBSY: return "a running program is using the file"
        case EXDEV: return "it is on another file system"
        case ENOTEMPTY: return "the folder is not empty"
        case EPIPE: return "the program reading it has gone (the pipe is closed)"
        case ENOMEM: return "the system is out of memory"
        // What pthread_create and fork answer; a non-blocking read's EAGAIN is retried, never said.
        case EAGAIN: return "the system has no room for another thread or process (its limit on them, or its memory)"
        case ENOEXEC: return "it is not a program this system can run"
        case ESTALE: return "its network file system lost track of it (a stale handle)"
        case EOVERFLOW: return "a size or a number in it is larger than this program can take"
        case EMLINK: return "the folder or the file has too many links"
        case ENOMEDIUM: return "there is no medium in the drive (the card is out)"
        case EUCLEAN: return "its file system is damaged"
        // Nothing a rider's file, folder or device answers: the code by name, for whoever reports it.
        default: return "the system refused it (\(name))"
        }
    }

    /// The process or the system ran out of file descriptors (EMFILE, ENFILE): never a missing or
    /// unreadable file, nor a device's wiring, whatever the call was opening.
    public var isOutOfDescriptors: Bool { rawValue == EMFILE || rawValue == ENFILE }

    /// The storage had no room left for the write (ENOSPC), or this user's quota none (EDQUOT).
    public var isOutOfRoom: Bool { rawValue == ENOSPC || rawValue == EDQUOT }

    /// What a failed call was doing: a refusal's advice follows it (a file that may not be read wants
    /// read permission, a program that may not be run wants its mode, not "may you write there").
    public enum Access: Sendable, Equatable {
        case read, write, run
    }

    /// The error as a reason a rider can act on, with what to check: what every message that
    /// reaches a user says after "cannot <do> <what>: ", instead of strerror's bare words and a code.
    public func reason(_ access: Access) -> String {
        switch rawValue {
        case ENOENT: return words + ": check the path (its folder must exist)"
        case EACCES, EPERM:
            switch access {
            case .read: return words + ": check that you may read it (owner and mode)"
            case .write: return words + ": check that you may write there (owner and mode)"
            case .run: return words + ": check that it is a program you may run (owner and mode)"
            }
        case ENOSPC, EDQUOT: return words + ": free some space"
        case EROFS: return words + ": check the mount (a card mounted read-only, or failing: see 'dmesg')"
        case ENOTDIR, ELOOP: return words + ": check the path"
        case EISDIR: return words + ": give a file name"
        case EIO, EUCLEAN: return words + ": check the storage device"
        case ENAMETOOLONG: return words + ": give a shorter path"
        case EMFILE, ENFILE: return words + ": stop other programs, or raise the limit (ulimit -n)"
        case EAGAIN: return words + ": stop other programs, or raise the limit (ulimit -u)"
        case EFBIG: return words + ": give a folder on a file system that holds larger files (FAT: 4 GiB at most), or raise the limit"
        case ENOLCK: return words + ": give a folder on a local disk"
        case ENOMEDIUM: return words + ": put the card back in"
        case ETXTBSY: return words + ": stop that program first"
        default: return words
        }
    }

    /// strerror's words and the code, for developers' logs and benchmarks; never in what a rider reads (`words`, `reason(_:)`).
    public var description: String {
        let message = strerror(rawValue).map { String(cString: $0) } ?? "unknown error"
        return "\(message) [\(name) \(rawValue)]"
    }

    public static func ~= (pattern: Errno, value: any Error) -> Bool {
        (value as? Errno) == pattern
    }
}

