/// When an epoch happened, on every clock that saw it: GNSS UTC (date and time of day), the GNSS
/// time of day alone (before the receiver's first date), and the board's monotonic clock (always).
///
/// Intervals prefer GNSS time (docs/DESIGN.md §5: a Pi has no RTC and a replayed ride runs faster than
/// real time); the monotonic clock is the fallback for epochs the receiver sent without any time.
public struct TimeStamp: Sendable, Equatable, Codable {
    public var utcMs: Int64?
    public var timeOfDayMs: Int?
    public var monoNs: UInt64

    public init(utcMs: Int64?, timeOfDayMs: Int?, monoNs: UInt64) {
        self.utcMs = utcMs; self.timeOfDayMs = timeOfDayMs; self.monoNs = monoNs
    }

    /// An interval between two stamps and the clock it was measured on.
    public struct Interval: Sendable, Equatable {
        public var seconds: Double
        /// True when measured on GNSS time, which a receiver can repeat or step back; the
        /// monotonic clock cannot, but restarts with the board.
        public var isGNSS: Bool
    }

    static let dayMs = 86_400_000

    /// Time from `earlier` to this stamp on the best clock both share: UTC, else the time of day
    /// (taken across midnight when that is the shorter way), else the monotonic clock. Nil when
    /// only the monotonic clock is shared and it went backwards: the board restarted in between.
    public func interval(since earlier: TimeStamp) -> Interval? {
        if let a = utcMs, let b = earlier.utcMs { return Interval(seconds: Double(a - b) / 1000, isGNSS: true) }
        if let a = timeOfDayMs, let b = earlier.timeOfDayMs {
            var d = a - b
            if d < -Self.dayMs / 2 { d += Self.dayMs } else if d > Self.dayMs / 2 { d -= Self.dayMs }
            return Interval(seconds: Double(d) / 1000, isGNSS: true)
        }
        guard monoNs >= earlier.monoNs else { return nil }
        return Interval(seconds: Double(monoNs - earlier.monoNs) / 1e9, isGNSS: false)
    }

    /// Seconds since `earlier`, or nil when no shared clock can tell.
    public func seconds(since earlier: TimeStamp) -> Double? { interval(since: earlier)?.seconds }
}
