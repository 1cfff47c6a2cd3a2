import Glibc

/// The board's monotonic clock: it orders and spaces epochs and deadlines, and a wall clock set
/// meanwhile (NTP, fake-hwclock) does not move it. Stamps of commits and events: `WallClock`.
public enum MonotonicClock {
    @Sendable public static func nowNs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Sleeps `ns` on the monotonic clock, to a deadline: a signal handled meanwhile (EINTR) does
    /// not shorten it, and a wall clock set meanwhile does not move it.
    public static func sleep(ns: UInt64) {
        let end = nowNs() &+ ns
        var deadline = timespec(tv_sec: Int(end / 1_000_000_000), tv_nsec: Int(end % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }
}
