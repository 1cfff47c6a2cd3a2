import Glibc

/// The board's wall clock, read only to stamp events and when a ride was dumped: ride times come
/// from GNSS, because a Pi has no RTC and its clock may be a day wrong until NTP or a fix sets it.
public enum WallClock {
    @Sendable public static func nowUTCms() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}
