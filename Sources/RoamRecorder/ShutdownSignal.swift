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
    /// Returns at once when `install` was never called or made no pipe.
    public static func waitForRequest() {
        let fd = wakeRead.load(ordering: .relaxed)
        guard fd >= 0 else { return }
        var byte: UInt8 = 0
        while !isRequested {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            // EINTR (the signal came to this thread) and a byte read both lead back to the check.
            if poll(&ready, 1, -1) > 0 { _ = read(fd, &byte, 1) }
        }
    }

    public static var isRequested: Bool { requestedBy != nil }

    /// Which signal asked for the stop (the last, if several came), so the stop can be said with it.
    public static var requestedBy: Int32? {
        let number = shutdownSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
