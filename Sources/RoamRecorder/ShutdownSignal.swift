import Glibc
import RoamSystem
import Synchronization

/// The signal that asked for the stop; 0 until one did (no signal is 0).
private let shutdownSignal = Atomic<Int32>(0)
/// A pipe the handler writes a byte into, so a thread can sleep until a stop is asked for without a
/// timer (the signal may be delivered to any thread); -1 until `install` made it.
private let wakeRead = Atomic<Int32>(-1)
private let wakeWrite = Atomic<Int32>(-1)

/// The handler: only async-signal-safe work (an atomic store, a write), errno kept for the thread it interrupted.
private func requestShutdown(_ number: Int32) {
    shutdownSignal.store(number, ordering: .relaxed)
    let saved = errno
    var byte: UInt8 = 1
    if case let fd = wakeWrite.load(ordering: .relaxed), fd >= 0 { _ = write(fd, &byte, 1) }
    errno = saved
}

/// SIGTERM (systemd stop) and SIGINT (Ctrl-C) become a request the recorder polls: it stops
/// reading, commits what it has read, and exits. SIGKILL cannot be caught and needs nothing:
/// every acknowledged batch is already committed (P1).
public enum ShutdownSignal {
    public static func install() {
        // A parent may have spawned us from a thread that blocks these signals (test runners do);
        // an inherited mask would leave SIGTERM pending forever.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // Both ends non-blocking: a handler never waits on a full pipe. Without one (no descriptor
        // left) nothing can wait for a stop and `waitForRequest` returns at once.
        if wakeWrite.load(ordering: .relaxed) < 0, let pipe = try? CloseOnExecPipe.make(nonBlocking: true) {
            wakeRead.store(pipe.read, ordering: .relaxed)
            wakeWrite.store(pipe.write, ordering: .relaxed)
        }
        _ = shutdownSignal.load(ordering: .relaxed)   // initialised here, not first inside a handler
        signal(SIGTERM) { number in requestShutdown(number) }
        signal(SIGINT) { number in requestShutdown(number) }
    }

    /// Sleeps until a stop is asked for, waking for nothing else (the bench's unplugged receiver,
    /// `record --unplug-at-end`, waits here so its own wake-ups are not counted as the recorder's).
    /// Returns at once when `install` was never called or made no pipe. Throws when poll() cannot
    /// wait (ENOMEM, the pipe's end closed under it): looping on it would burn a core until the signal.
    public static func waitForRequest() throws(SystemError) {
        let fd = wakeRead.load(ordering: .relaxed)
        guard fd >= 0 else { return }
        do { try waitForBytes(on: fd, until: { isRequested }) } catch { throw waitFailed(error) }
    }

    /// Sleeps in poll() on `fd` until `requested` says so, draining a byte at each wake-up. EINTR (the
    /// signal came to this thread) polls again: its handler's byte is in the pipe. `poll`: a test's.
    static func waitForBytes(on fd: CInt, until requested: () -> Bool,
                             poll: (inout pollfd) -> CInt = { Glibc.poll(&$0, 1, -1) }) throws(Errno) {
        var byte: UInt8 = 0
        while !requested() {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = try retryingInterrupted { poll(&ready) }
            // POLLNVAL: the descriptor is not open; every poll would answer so at once.
            if ready.revents & Int16(POLLNVAL) != 0 { throw Errno(rawValue: EBADF) }
            _ = read(fd, &byte, 1)
        }
    }

    static func waitFailed(_ error: Errno) -> SystemError {
        SystemError("wait for a stop signal (SIGTERM, SIGINT) on", "the bench's wake-up pipe", error, access: .read)
    }

    public static var isRequested: Bool { requestedBy != nil }

    /// Which signal asked for the stop (the last, if several came), so the stop can be said with it.
    public static var requestedBy: Int32? {
        let number = shutdownSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
