import Glibc

/// The board's wall clock, read only to stamp when a ride was dumped (ride times come from GNSS).
enum WallClock {
    static func nowUTCms() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}
