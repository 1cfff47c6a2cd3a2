import Glibc

/// The board's clocks. Fix times never come from here (a Pi has no RTC): the monotonic clock
/// orders and spaces epochs and deadlines; the real-time clock only stamps commits and events.
public enum MonotonicClock {
    @Sendable public static func nowNs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    @Sendable public static func realtimeMs() -> Int64 { WallClock.nowUTCms() }

    /// Sleeps `ns` on the monotonic clock, to a deadline: a signal handled meanwhile (EINTR) does
    /// not shorten it, and a wall clock set meanwhile does not move it.
    public static func sleep(ns: UInt64) {
        let end = nowNs() &+ ns
        var deadline = timespec(tv_sec: Int(end / 1_000_000_000), tv_nsec: Int(end % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }
}
