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
}
