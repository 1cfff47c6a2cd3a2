import RoamCore

/// Options several subcommands share, declared once.
enum SharedOptions {
    static let db = Option<String>("--db", "FILE",
                                   help: "The ride database (default with --board: rides.db in the board's data directory).")
    static let board = Option<String>("--board", "DIR", help: "Use the database in this board's data directory.")
    /// The commands that run on the board itself (record, drive, selftest) need its folder.
    static let boardFolder = RequiredOption<String>("--board", "DIR", help: "The board folder holding board.conf.")
    static let ride = RequiredOption<Int64>("--ride", "N", help: "The ride's id (see 'rides').")
    /// Parsed from the choices, so `--units furlongs` is a usage error naming them.
    static let units = Option<UnitSystem>("--units", "SYSTEM", help: "Distances, climb and speeds in metric (km, m, km/h) or imperial (mi, ft, mph); default: board.conf's units, else metric.",
                                          choices: UnitSystem.allCases)
    /// The benchmarks' scratch folder (`BenchScratch`).
    static let scratchDir = Option<String>("--dir", "DIR",
                                           help: "Scratch folder, kept afterwards (default: a new temporary folder, removed after).")
    static let keepScratch = Flag("--keep", help: "Keep the temporary scratch folder.")
    static let benchBoard = DefaultedOption<String>("--board", "DIR", default: "Boards/bench") { "The bench board folder (default \($0))." }

    /// `-o/--out`, one rule for every command (`OutputTarget`); `ending`: the file names it writes end so.
    static func out(ending: String, default note: String) -> Option<String> {
        Option<String>("--out", "PATH",
                       help: "- for standard output; a name ending in \(ending) is one file (--ride only); "
                           + "a trailing / or an existing folder is a folder, one file per ride named by start time and id. "
                           + "Missing folders are created; any other name is refused. \(note)", short: "-o")
    }
}
