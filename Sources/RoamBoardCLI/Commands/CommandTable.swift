/// Every subcommand with its options: the parser and the help text both read this table.
enum CommandTable {
    static let db = OptionSpec(name: "--db", kind: .value(placeholder: "FILE"),
                               help: "The ride database (default with --board: rides.db in the board's data directory).")
    static let board = OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "Use the database in this board's data directory.")
    /// The benchmarks' scratch folder (`BenchScratch`).
    static let scratchDir = OptionSpec(name: "--dir", kind: .value(placeholder: "DIR"),
                                       help: "Scratch folder, kept afterwards (default: a new temporary folder, removed after).")
    static let keepScratch = OptionSpec(name: "--keep", kind: .flag, help: "Keep the temporary scratch folder.")
    static let ride = OptionSpec(name: "--ride", kind: .value(placeholder: "N"), help: "The ride's id (see 'rides').", isRequired: true)

    /// `-o/--out`, one rule for every command (`OutputTarget`).
    static func out(default note: String, isRequired: Bool = false) -> OptionSpec {
        OptionSpec(name: "--out", kind: .value(placeholder: "PATH"),
                   help: "- for standard output; a name ending in the format's extension is one file (--ride only); "
                       + "a trailing / or an existing folder is a folder, one file per ride named by start time and id. "
                       + "Missing folders are created. \(note)", isRequired: isRequired, short: "-o")
    }

    static let all: [CommandSpec] = [
        CommandSpec(name: "record", abstract: "Record rides: the button starts and stops them (on the bench, a scripted ride).", options: [
            OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "The board folder holding board.conf.", isRequired: true),
            db,
            OptionSpec(name: "--replay", kind: .value(placeholder: "FILE"), help: "Bench only: replay a ride instead of the simulated one: an NMEA capture (- for standard input), a GPX 1.1 track (each point at its own time, the barometer following its <ele>), or a ride of another roam-board database (with --ride N: its raw NMEA and pressure as recorded). A FIT ride: convert it first with gpsbabel -i garmin_fit -f RIDE.fit -o gpx,gpxver=1.1 -F RIDE.gpx."),
            OptionSpec(name: "--ride", kind: .value(placeholder: "N"), help: "With --replay DB: the ride of that database to replay."),
            OptionSpec(name: "--realtime", kind: .flag, help: "Bench only: replay at the receiver's pace (1 epoch per second, a track at its recorded times) instead of as fast as possible."),
            OptionSpec(name: "--commit-interval", kind: .value(placeholder: "S"), help: "Bench only: gather epochs for S seconds per commit instead of board.conf's commit_interval_s (0 to 5; 0 commits whatever is queued at once, as before the cadence; default for a replay faster than real time: 0)."),
            OptionSpec(name: "--acks", kind: .flag, help: "Print one 'ack' line per committed batch on stdout (for tests and trials)."),
            OptionSpec(name: "--quiet", kind: .flag, help: "No progress line."),
        ], discussion: "Every batch is committed in one transaction before it is acknowledged (LED blink, 'ack' line). A batch holds the epochs of one commit interval (board.conf commit_interval_s, default 1 s); a press, a silent receiver and a stop signal commit at once."),
        CommandSpec(name: "rides", abstract: "List the recorded rides with their totals.", options: [
            db, board,
            OptionSpec(name: "--last-id", kind: .flag, help: "Print only the id of the newest ride."),
        ]),
        CommandSpec(name: "show", abstract: "Show one ride: totals, segments and their gap causes, fixes by flag.", options: [db, board, ride]),
        CommandSpec(name: "dump", abstract: "Hand rides over as GPX 1.1, FIT, GeoJSON or CSV; works while recording.", options: [
            db, board,
            OptionSpec(name: "--ride", kind: .value(placeholder: "N"), help: "Dump this ride (see 'rides')."),
            OptionSpec(name: "--all", kind: .flag, help: "Dump every ride."),
            OptionSpec(name: "--not-dumped", kind: .flag, help: "Dump every stopped ride never dumped before."),
            OptionSpec(name: "--format", kind: .value(placeholder: "FORMAT"), help: "Output format.", isRequired: true,
                       choices: ["gpx", "fit", "geojson", "csv"]),
            out(default: "Default: standard output, one ride."),
            OptionSpec(name: "--raw", kind: .flag, help: "Include flagged fixes, with their flags (default: accepted fixes only)."),
            OptionSpec(name: "--force", kind: .flag, help: "Overwrite existing output files."),
        ], discussion: "Give exactly one of --ride, --all, --not-dumped. Files are written atomically (temporary file, fsync, rename).\nEach stopped ride dumped gets its dumped-at time recorded; nothing else in the database changes."),
        CommandSpec(name: "view", abstract: "Write one self-contained HTML page of a ride: map by speed, gaps, barometric profile, totals.", options: [
            db, board,
            OptionSpec(name: "--ride", kind: .value(placeholder: "N"), help: "The ride's id (see 'rides'); required without --explored. With --explored: mark the cells this ride visited first."),
            out(default: "The page is written atomically. Required without --explored; with it the default is standard output, and a folder gets explored.html."),
            OptionSpec(name: "--explored", kind: .flag, help: "The explored map instead of one ride: every geohash cell ever visited, lit on a dark map at precision 5, 6 or 7 by zoom, with the rides' tracks, a legend and totals."),
            OptionSpec(name: "--speed-bands", kind: .value(placeholder: "KMH,..."), help: "Ascending band limits in km/h (default 10,20,30,40)."),
            OptionSpec(name: "--force", kind: .flag, help: "Overwrite an existing page."),
        ], discussion: "The page fetches nothing: it opens offline. Flagged fixes appear when their checkbox is ticked."),
        CommandSpec(name: "explored", abstract: "List the geohash cells ever visited, across all rides.", options: [
            db, board,
            OptionSpec(name: "--precision", kind: .value(placeholder: "N"), help: "Cell size: 5 (~4.9 km), 6 (~1.2 km) or 7 (~150 m, default).",
                       choices: ["5", "6", "7"]),
            OptionSpec(name: "--format", kind: .value(placeholder: "FORMAT"), help: "GeoJSON polygons or one line per cell (default text), at the one --precision asked for.",
                       choices: ["geojson", "text"]),
            OptionSpec(name: "--summary", kind: .flag, help: "Cells and km² at precisions 7, 6 and 5, and per ride the cells it visited first."),
        ], discussion: "A database recorded before cells were has none: 'rederive --ride N' fills a ride's cells. 'view --explored' draws them."),
        CommandSpec(name: "rederive", abstract: "Recompute a ride's flags, derived columns, segments and totals from its raw columns.", options: [
            db, board, ride,
            OptionSpec(name: "--params", kind: .value(placeholder: "FILE"), help: "Pipeline parameters as JSON (default: the ride's stored parameters)."),
            OptionSpec(name: "--dry-run", kind: .flag, help: "Say what would change; write nothing (the work is done in a transaction that is rolled back)."),
        ]),
        CommandSpec(name: "check", abstract: "Check the database: SQLite integrity, then every ride's totals against its fixes. Never writes.", options: [db, board],
                    discussion: "Exit status 0 when consistent, 65 when not."),
        CommandSpec(name: "prune", abstract: "Delete stopped rides already dumped before a date, in one transaction; say what it freed.", options: [
            db, board,
            OptionSpec(name: "--dumped-before", kind: .value(placeholder: "DATE"), help: "ISO date (YYYY-MM-DD, 00:00 UTC): prune rides dumped before it ('rides' shows when each was dumped).", isRequired: true),
            OptionSpec(name: "--dry-run", kind: .flag, help: "Say which rides would go and what that frees; delete nothing."),
        ], discussion: "A ride never dumped is never pruned. Explored cells are kept."),
        CommandSpec(name: "drive-image", abstract: "Build the USB drive's image now: a FAT file system with Rides/*.fit, *.gpx and README.txt.", options: [
            db, board,
            OptionSpec(name: "--image", kind: .value(placeholder: "FILE"), help: "The image (default: drive.img beside the database)."),
            OptionSpec(name: "--max-mib", kind: .value(placeholder: "N"), help: "Largest image in MiB (default 2048); older rides beyond it are left off."),
        ], discussion: "Rebuilt only when the rides changed; written as FILE.new, synced, renamed over FILE. Needs dosfstools and mtools."),
        CommandSpec(name: "drive", abstract: "Offer the rides as a read-only USB drive (configfs gadget) and keep it up to date while no host has it.", options: [
            db,
            OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "The board folder holding board.conf.", isRequired: true),
            OptionSpec(name: "--image", kind: .value(placeholder: "FILE"), help: "The image (default: drive.img beside the database)."),
            OptionSpec(name: "--max-mib", kind: .value(placeholder: "N"), help: "Largest image in MiB (default 2048)."),
            OptionSpec(name: "--udc", kind: .value(placeholder: "NAME"), help: "The USB device controller (default: the first in /sys/class/udc)."),
            OptionSpec(name: "--setup-only", kind: .flag, help: "Create and bind the gadget, then exit (as root, before the unprivileged keeper)."),
            OptionSpec(name: "--owner", kind: .value(placeholder: "USER"), help: "With --setup-only: the user that may re-point the medium and bind the controller."),
            OptionSpec(name: "--sys-root", kind: .value(placeholder: "DIR"), help: "Tests: a folder standing for / (its sys/kernel/config and sys/class/udc)."),
            OptionSpec(name: "--poll-ms", kind: .value(placeholder: "MS"), help: "How often the USB state is read (default 1000)."),
        ], discussion: "A ride counts as handed over (its dumped time set, as by dump) once a host has configured the drive while the ride was on it."),
        CommandSpec(name: "status", abstract: "The active ride, its totals, the age of the last commit, parked batches, alarm, fixes lost.", options: [db, board]),
        CommandSpec(name: "selftest", abstract: "Probe the board's devices and say in words what is wrong.", options: [
            OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "The board folder holding board.conf.", isRequired: true),
        ]),
        CommandSpec(name: "bench-dump", abstract: "Benchmark dump: a synthetic long ride, each format's throughput and peak memory.", options: [
            OptionSpec(name: "--hours", kind: .value(placeholder: "H"), help: "Ride length in hours (default 24)."),
            OptionSpec(name: "--hz", kind: .value(placeholder: "N"), help: "Fixes per second (default 10)."),
            scratchDir, keepScratch,
        ], discussion: "Use a release build: swift build -c release; .build/release/roam-board bench-dump"),
        CommandSpec(name: "bench-memory", abstract: "Benchmark the recorder's memory: peak RSS over a long high-rate replay through record, and no fix lost.", options: [
            OptionSpec(name: "--hours", kind: .value(placeholder: "H"), help: "Length of the long replay in hours (default 24)."),
            OptionSpec(name: "--baseline-hours", kind: .value(placeholder: "H"), help: "Length of the short replay it is compared with (default 1)."),
            OptionSpec(name: "--hz", kind: .value(placeholder: "N"), help: "Epochs per second (default 10)."),
            OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "The bench board folder (default Boards/bench)."),
            scratchDir, keepScratch,
        ], discussion: "Use a release build: swift build -c release; .build/release/roam-board bench-memory"),
        CommandSpec(name: "bench-cadence", abstract: "Benchmark the SD card's hour: bytes written and fdatasync per hour at 1 and 10 Hz, each epoch alone beside the commit cadence, with the payload.", options: [
            OptionSpec(name: "--seconds", kind: .value(placeholder: "S"), help: "Real-time riding of the long run of each setup (default 120)."),
            OptionSpec(name: "--short-seconds", kind: .value(placeholder: "S"), help: "Real-time riding of the short run subtracted from it (default 10)."),
            OptionSpec(name: "--hz", kind: .value(placeholder: "LIST"), help: "Epoch rates, comma-separated (default 1,10)."),
            OptionSpec(name: "--interval", kind: .value(placeholder: "S"), help: "The cadence measured as 'after' (default 1, board.conf's default)."),
            OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "The bench board folder (default Boards/bench)."),
            scratchDir, keepScratch,
        ], discussion: "Use a release build: swift build -c release; .build/release/roam-board bench-cadence. Counting fdatasync needs strace."),
        CommandSpec(name: "bench", abstract: "Benchmark the commit path and recovery: commits/s beside write+fdatasync, syncs and bytes per batch, resume time.", options: [
            scratchDir,
            OptionSpec(name: "--rounds", kind: .value(placeholder: "N"), help: "Alternating rounds of raw appends and commits (default 5)."),
            OptionSpec(name: "--per-round", kind: .value(placeholder: "N"), help: "Appends and commits per round (default 400)."),
            OptionSpec(name: "--small", kind: .value(placeholder: "N"), help: "Fixes in the small ride of the resume figure (default 30000)."),
            OptionSpec(name: "--medium", kind: .value(placeholder: "N"), help: "Fixes in the middle ride of the resume figure (default 300000)."),
            OptionSpec(name: "--large", kind: .value(placeholder: "N"), help: "Fixes in the large ride of the resume figure (default 3000000)."),
            keepScratch,
            OptionSpec(name: "--count-syncs", kind: .value(placeholder: "N"), help: "Internal: commit N one-fix batches and exit (bench runs this under strace to count fdatasync)."),
        ], discussion: "Use a release build: swift build -c release; .build/release/roam-board bench. Counting fdatasync needs strace."),
        CommandSpec(name: "bench-explored", abstract: "Write a synthetic ride history exploring exactly N geohash cells (for scripts/bench-explored).", options: [
            OptionSpec(name: "--cells", kind: .value(placeholder: "N"), help: "Distinct precision-7 cells to explore.", isRequired: true),
            OptionSpec(name: "--db", kind: .value(placeholder: "FILE"), help: "The new database to write (must not exist).", isRequired: true),
        ], discussion: "scripts/bench-explored runs it, then times view --explored and opens the page in headless Chromium.", isHidden: true),
        // Generators for the .deb: shell completion and the man page, from this very table.
        CommandSpec(name: "completion", abstract: "Print the bash or zsh completion script.", options: [
            OptionSpec(name: "--shell", kind: .value(placeholder: "SHELL"), help: "The shell.", isRequired: true, choices: ["bash", "zsh"]),
        ], discussion: "Also: roam-board completion bash", isHidden: true),
        CommandSpec(name: "man", abstract: "Print the roam-board(1) man page (roff).", options: [], isHidden: true),
    ]

    static func spec(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
