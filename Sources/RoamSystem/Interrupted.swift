import Glibc

// The one place that handles interrupted system calls. A signal (SIGTERM at shutdown, SIGCHLD from a
// tool) can end a blocking call early with EINTR; every caller would otherwise need its own loop.

/// Calls a C shim again while it returns -EINTR; returns its result (`-errno` on failure).
@inline(__always)
public func retryingOnInterrupt(_ body: () -> CInt) -> CInt {
    while true {
        let r = body()
        if r != -EINTR { return r }
    }
}

/// Calls a libc function again while it fails with EINTR. A negative result throws the `errno`
/// it left; anything else is returned (a count, a descriptor, 0).
@inline(__always)
public func retryingInterrupted<R: SignedInteger>(_ body: () -> R) throws(Errno) -> R {
    while true {
        let r = body()
        if r >= 0 { return r }
        let e = errno
        if e != EINTR { throw Errno(rawValue: e) }
    }
}
