/// GPS week rollover. GPS broadcasts the week number in 10 bits, so every 1024 weeks (19.6 years:
/// 1999-08-22, 2019-04-07, 2038-11-21) a receiver whose firmware resolves the week against an old
/// epoch starts reporting dates 1024 weeks in the past, with the right time of day.
///
/// A date before the floor cannot be true (the board's software did not exist yet). Firmware
/// resolves the week within 1024 weeks of its own build, so a rolled-over date is exactly one
/// period behind (for any firmware built since 1987); it is moved on by that one period, as gpsd
/// does (`gpsd_utc_resolve`: one 1024-week step when its leap-second count says the date is too
/// early). A date further back is no rollover but a receiver's placeholder (1980-01-06, the GPS
/// epoch; 2000-01-01), and a date 1024 weeks or more past the build floor is one too (2080-01-06,
/// an MTK default): neither can be placed, so the receiver's time is not believed.
/// The floor is a pipeline parameter: a replay of an old capture lowers it.
public enum WeekRollover {
    /// 1024 weeks in milliseconds.
    public static let periodMs: Int64 = 1024 * 7 * 86_400_000
    /// The first rollover, 1999-08-22T00:00:00Z: the floor for a capture of unknown age, which
    /// takes only dates before any receiver could have rolled over as rolled over.
    public static let firstRolloverUTCms: Int64 = 935_280_000_000
    /// 2025-01-01T00:00:00Z: this build's floor, before which this logger did not exist. The one
    /// place the build's date is known: a parameter default (stored with each ride, so `rederive`
    /// dates a ride as it was recorded) rather than the compiler's clock (SwiftPM has none to give
    /// without a plugin, and a build stamp would make two builds of one commit differ) or a
    /// leap-second table (the code keeps none; GNSS sentences carry UTC already).
    public static let buildFloorUTCms: Int64 = 1_735_689_600_000
    /// Dates from here on are believed by no floor: 1024 weeks after the build floor (2044-08-17),
    /// where a week number can no longer be placed against this build. A board still in use then
    /// needs a build with a later floor.
    public static let latestBelievableUTCms: Int64 = buildFloorUTCms + periodMs

    /// What a receiver's date says, against the floor.
    public enum Resolution: Sendable, Equatable {
        /// Plausible as sent.
        case asSent(utcMs: Int64)
        /// One period behind the floor: moved on 1024 weeks.
        case corrected(utcMs: Int64)
        /// No date the receiver could truly have: a placeholder or garbage.
        case implausible
    }

    public static func resolve(utcMs: Int64, floorUTCms: Int64) -> Resolution {
        guard utcMs < latestBelievableUTCms else { return .implausible }
        if utcMs >= floorUTCms { return .asSent(utcMs: utcMs) }
        let moved = utcMs + periodMs
        guard moved >= floorUTCms, moved < latestBelievableUTCms else { return .implausible }
        return .corrected(utcMs: moved)
    }
}
