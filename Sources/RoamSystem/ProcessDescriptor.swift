import Glibc

/// A descriptor for a child process (a pidfd, Linux 5.3): poll() says it is readable once the
/// child has ended, so a wait can have a deadline and share one poll with the child's pipes,
/// instead of a blocking wait4 that a hung tool holds for ever.
enum ProcessDescriptor {
    /// The pidfd of `pid`, close-on-exec as every pidfd is.
    static func open(_ pid: pid_t) throws(Errno) -> CInt {
        guard let pidfdOpen = pidfdOpenFunction else { throw Errno(rawValue: ENOSYS) }
        return try retryingInterrupted { pidfdOpen(pid, 0) }
    }

    /// Swift's Glibc module is built without _GNU_SOURCE and so does not declare pidfd_open; the C
    /// library has had it since glibc 2.36 (Debian 12). Looked up once by name, with its C signature.
    private typealias PidfdOpen = @convention(c) (pid_t, CUnsignedInt) -> CInt
    private static let pidfdOpenFunction: PidfdOpen? = {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open").map { unsafeBitCast($0, to: PidfdOpen.self) }
    }()
}
