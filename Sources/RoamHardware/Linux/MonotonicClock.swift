import CShims

/// The board's clocks. Fix times never come from here (a Pi has no RTC): the monotonic clock
/// orders and spaces epochs; the real-time clock only stamps commits and events.
public enum MonotonicClock {
    @Sendable public static func nowNs() -> UInt64 { roam_monotonic_ns() }
    @Sendable public static func realtimeMs() -> Int64 { roam_realtime_ms() }
}
