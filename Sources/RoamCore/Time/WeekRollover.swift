/// GPS week rollover. GPS broadcasts the week number in 10 bits, so every 1024 weeks (19.6 years:
/// 1999-08-22, 2019-04-07, 2038-11-21) a receiver whose firmware resolves the week against an old
/// epoch starts reporting dates 1024 weeks in the past, with the right time of day.
///
/// A date before `floorUTCms` cannot be true (the board's software did not exist yet), so it is
/// moved forward by whole periods until it is not. The floor is a pipeline parameter: a replay of
/// an old capture lowers it.
public enum WeekRollover {
    /// 1024 weeks in milliseconds.
    public static let periodMs: Int64 = 1024 * 7 * 86_400_000
    /// The first rollover, 1999-08-22T00:00:00Z: the floor for a capture of unknown age, which
    /// takes only dates before any receiver could have rolled over as rolled over.
    public static let firstRolloverUTCms: Int64 = 935_280_000_000

    /// The corrected UTC and how many periods were added (0 when the date was plausible).
    public static func corrected(utcMs: Int64, floorUTCms: Int64) -> (utcMs: Int64, periods: Int) {
        guard utcMs < floorUTCms else { return (utcMs, 0) }
        // Whole periods needed to reach the floor; a handful at most for any date a parser accepts.
        let periods = (floorUTCms - utcMs + periodMs - 1) / periodMs
        return (utcMs + periods * periodMs, Int(periods))
    }
}
