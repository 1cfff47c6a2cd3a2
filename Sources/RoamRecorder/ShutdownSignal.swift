import Glibc
import Synchronization

private let shutdownRequested = Atomic<Bool>(false)

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
        signal(SIGTERM) { _ in shutdownRequested.store(true, ordering: .relaxed) }
        signal(SIGINT) { _ in shutdownRequested.store(true, ordering: .relaxed) }
    }

    public static var isRequested: Bool { shutdownRequested.load(ordering: .relaxed) }
}
