// `stdout` is a C global that Swift 6 refuses without this; it is read on the main thread at exit only.
@preconcurrency import Glibc

/// The standard streams from the process's start to its exit: held open however it was started,
/// and what was written to standard output through stdio (`print`) checked before it exits.
extension StandardStream {
    /// Takes descriptors 0, 1 and 2 when the process was started with any of them closed (`2>&-`):
    /// else the first file opened gets the number, and what is said to that stream is written into
    /// it (the recorder's log once overwrote its lock file's pid). Each is opened onto /dev/null the
    /// way the closed stream behaves, as gnulib's stdopen does: standard input for writing only, the
    /// outputs for reading only, so using one still fails with EBADF and a closed standard output is
    /// still said to be closed. Not close-on-exec: they are the standard streams a child inherits.
    /// Call first thing in main, before any file is opened.
    public static func reserve() {
        for fd: CInt in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // Opening /dev/null does not fail on a working system, and if it does there is no stream
            // to say so on: the program goes on as it would have without this.
            // Opened close-on-exec as every descriptor is (no window for another thread's child), then
            // made a plain standard stream: its flag cleared, or dup2'd onto `fd` (a copy has none).
            let opened = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
            guard opened >= 0 else { return }
            // Every lower number is open, so the kernel gave the lowest free one: `fd`.
            if opened == fd { _ = fcntl(fd, F_SETFD, 0) } else { dup2(opened, fd); close(opened) }
        }
    }

    /// Writes what `print` left in stdio's buffer, and throws when anything written to standard
    /// output through stdio was lost (a full disk, a closed stream): stdio keeps its write errors
    /// to itself, so a command whose output went nowhere would otherwise exit 0. Call before exit.
    public static func finishOutput() throws(Errno) {
        if fflush(stdout) != 0 { throw Errno.current }
        guard ferror(stdout) != 0 else { return }
        // An earlier write failed and its errno is gone (stdio dropped the bytes; none are left to
        // fail again): a closed stream is known by its mode, anything else is said as an I/O error.
        let flags = fcntl(1, F_GETFL)
        throw flags == -1 || flags & O_ACCMODE == O_RDONLY ? Errno(rawValue: EBADF) : Errno.ioError
    }

    /// The words for standard output that could not be written: "cannot write standard output: "
    /// and the reason, as for any file, but a closed one (EBADF: started with `>&-`) said as such,
    /// not in strerror's "bad file descriptor".
    public static func outputFailure(_ errno: Errno) -> String {
        errno.rawValue == EBADF ? "standard output is closed: start the command with it open (onto a file, a pipe or /dev/null)"
            : SystemError("write", "standard output", errno).description
    }
}
