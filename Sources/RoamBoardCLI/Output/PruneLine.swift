import RoamDrive
import RoamHandover
import RoamSystem

/// The prune a no-room line prints, as the drive's README.txt prints it: as the data folder's owner,
/// naming the board when the command line named one (else --db), and a real day, today in the
/// board's zone, as `prune --dumped-before` reads it; never a placeholder ("YYYY-MM-DD", "DATE"),
/// which a shell passes on and the parser refuses.
enum PruneLine {
    static func commands(_ p: ParsedArguments?, databasePath: String) -> DriveReadme.Commands {
        // Values the parser took already read again; were one refused, --db names the database all the same.
        if let p { do { return try DriveCommand.readmeCommands(p, databasePath: databasePath) } catch {} }
        return DriveCommand.readmeCommands(board: nil, databasePath: databasePath)
    }

    /// "2026-12-07": today in the zone `prune` would read the day in (the board's; UTC with --db alone).
    static func today(_ p: ParsedArguments?) -> String {
        var time = LocalTime(zone: nil)
        if let p {
            // A board.conf that cannot be read now leaves UTC: the error being said stays the one
            // that stopped the command, and the day is off by at most one.
            do { time = try BoardLoader.target(p).time } catch { time = LocalTime(zone: nil) }
        }
        return String(time.iso8601(utcMs: WallClock.nowUTCms()).prefix(10))
    }
}
