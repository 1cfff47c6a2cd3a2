import Glibc
import Synchronization

/// The signal that asked for the stop; 0 until one did (no signal is 0).
private let shutdownSignal = Atomic<Int32>(0)

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
        signal(SIGTERM) { number in shutdownSignal.store(number, ordering: .relaxed) }
        signal(SIGINT) { number in shutdownSignal.store(number, ordering: .relaxed) }
    }

    public static var isRequested: Bool { requestedBy != nil }

    /// Which signal asked for the stop (the last, if several came), so the stop can be said with it.
    public static var requestedBy: Int32? {
        let number = shutdownSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
