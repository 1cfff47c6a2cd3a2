import Glibc

/// A running child's stdout and stderr, read through their pipes together with its end (its pidfd
/// turns readable when it exits), up to a deadline on the monotonic clock. One poll() waits for all
/// three with the time left as its timeout: nothing wakes on a tick.
struct ChildOutput {
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []
    /// 0: stdout, 1: stderr, 2: the child's pidfd; a closed or finished one is -1.
    private var fds: [pollfd]

    init(stdout: CInt, stderr: CInt, end: CInt) {
        fds = [stdout, stderr, end].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    }

    /// Reads until the child has ended and the pipes hold nothing more (true), or until `deadlineNs`
    /// passes with the child still running (false). Once it has ended, what it wrote is already in
    /// the pipes: that is read without waiting, so a grandchild holding them open holds nothing up.
    mutating func collect(untilNs deadlineNs: UInt64) throws(Errno) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let ended = fds[2].fd < 0
            if ended && fds[0].fd < 0 && fds[1].fd < 0 { return true }
            // Past the deadline: a child still running has overrun; one that ended is done, even
            // while a grandchild it left still writes to the pipes.
            if MonotonicClock.nowNs() >= deadlineNs {
                if ended { close() }
                return ended
            }
            // The timeout is worked out again on each try, so a signal (EINTR) does not move the deadline.
            let ready = try retryingInterrupted { poll(&fds, nfds_t(fds.count), ended ? 0 : Self.millisecondsLeft(deadlineNs)) }
            if ready == 0 && ended { close(); return true }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                if i == 2 { fds[2].fd = -1; continue }  // closed by its owner, ChildProcess.run
                let fd = fds[i].fd
                let n = try retryingInterrupted { buffer.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress, raw.count) } }
                if n > 0 {
                    if i == 0 { stdout += buffer[0..<n] } else { stderr += buffer[0..<n] }
                } else {
                    Glibc.close(fds[i].fd)
                    fds[i].fd = -1
                }
            }
        }
    }

    /// Closes the pipes still open (never the pidfd, which is the caller's).
    mutating func close() {
        for i in 0..<2 where fds[i].fd >= 0 {
            Glibc.close(fds[i].fd)
            fds[i].fd = -1
        }
    }

    /// Whether the child behind the pidfd `end` ends by `deadlineNs`.
    static func ends(_ end: CInt, byNs deadlineNs: UInt64) -> Bool {
        var one = [pollfd(fd: end, events: Int16(POLLIN), revents: 0)]
        while true {
            if MonotonicClock.nowNs() >= deadlineNs { return false }
            do {
                if try retryingInterrupted({ poll(&one, 1, millisecondsLeft(deadlineNs)) }) > 0 { return true }
            } catch {
                return false  // cannot tell: the caller kills it
            }
        }
    }

    /// poll()'s timeout for the time left to `deadlineNs`, rounded up so it never wakes early.
    private static func millisecondsLeft(_ deadlineNs: UInt64) -> CInt {
        let now = MonotonicClock.nowNs()
        guard deadlineNs > now else { return 0 }
        return CInt(clamping: (deadlineNs - now + 999_999) / 1_000_000)
    }
}
