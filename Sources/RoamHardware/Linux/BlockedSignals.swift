import Glibc

/// SIGTERM (systemd stopping the unit) and SIGINT (Ctrl-C) as a blocking wait instead of a handler:
/// the signals are blocked before any thread starts (threads inherit the mask), and one thread
/// takes them with sigwait(). Nothing runs in signal context, and waiting costs no CPU.
public struct BlockedSignals: Sendable {
    private let signals: [CInt]

    /// Blocks the signals in the calling thread. Call it before creating any thread.
    public static func block(_ signals: [CInt] = [SIGTERM, SIGINT]) -> BlockedSignals {
        var set = Self.set(signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        return BlockedSignals(signals: signals)
    }

    /// Waits until one of the signals arrives and returns its number.
    public func wait() -> CInt {
        var set = Self.set(signals)
        var received: CInt = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    private static func set(_ signals: [CInt]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        return set
    }
}
