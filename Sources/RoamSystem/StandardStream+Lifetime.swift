import Glibc

/// The standard streams from the process's start: held open however it was started.
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
            let opened = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY)
            guard opened >= 0 else { return }
            // Every lower number is open, so the kernel gave the lowest free one: `fd`.
            if opened != fd { dup2(opened, fd); close(opened) }
        }
    }
}
