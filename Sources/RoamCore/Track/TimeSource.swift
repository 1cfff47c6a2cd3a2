/// Where a fix's UTC time came from (stored per fix, `fixes.t_source`).
public enum TimeSource: Int, Sendable, Codable {
    /// No UTC yet: only the monotonic receive time is known.
    case monotonicOnly = 0
    /// Date and time from the receiver in this epoch.
    case gnss = 1
    /// Back-filled from the first valid date after the fact.
    case backfilled = 2
    /// GNSS time corrected for a GPS week rollover.
    case rolloverCorrected = 3
}
