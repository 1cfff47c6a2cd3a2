/// Every subcommand with its options: the parser and the help text both read this table.
enum CommandTable {
    static let db = OptionSpec(name: "--db", kind: .value(placeholder: "FILE"),
                               help: "The ride database (default with --board: rides.db in the board's data directory).")
    static let board = OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "Use the database in this board's data directory.")
    static let ride = OptionSpec(name: "--ride", kind: .value(placeholder: "N"), help: "The ride's id (see 'rides').", isRequired: true)

    static let all: [CommandSpec] = [
        CommandSpec(name: "record", abstract: "Record rides: the button starts and stops them (on the bench, a scripted ride).", options: [
            OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "The board folder holding board.conf.", isRequired: true),
            db,
            OptionSpec(name: "--replay", kind: .value(placeholder: "FILE"), help: "Bench only: replay this NMEA capture as one ride instead of the simulated ride."),
            OptionSpec(name: "--realtime", kind: .flag, help: "Bench only: replay at the receiver's pace (1 epoch per second) instead of as fast as possible."),
            OptionSpec(name: "--acks", kind: .flag, help: "Print one 'ack' line per committed batch on stdout (for tests and trials)."),
            OptionSpec(name: "--quiet", kind: .flag, help: "No progress line."),
        ], discussion: "Every batch is committed in one transaction before it is acknowledged (LED blink, 'ack' line)."),
        CommandSpec(name: "rides", abstract: "List the recorded rides with their totals.", options: [
            db, board,
            OptionSpec(name: "--last-id", kind: .flag, help: "Print only the id of the newest ride."),
        ]),
        CommandSpec(name: "show", abstract: "Show one ride: totals, segments and their gap causes, fixes by flag.", options: [db, board, ride]),
        CommandSpec(name: "dump", abstract: "Export a ride (GPX 1.1).", options: [
            db, board, ride,
            OptionSpec(name: "--format", kind: .value(placeholder: "FORMAT"), help: "Output format.", isRequired: true, choices: ["gpx"]),
            OptionSpec(name: "--out", kind: .value(placeholder: "FILE"), help: "Write to this file (atomically) instead of stdout."),
            OptionSpec(name: "--raw", kind: .flag, help: "Include flagged fixes, with their flags."),
            OptionSpec(name: "--force", kind: .flag, help: "Overwrite an existing output file."),
        ]),
        CommandSpec(name: "rederive", abstract: "Recompute a ride's flags, derived columns, segments and totals from its raw columns.", options: [
            db, board, ride,
            OptionSpec(name: "--params", kind: .value(placeholder: "FILE"), help: "Pipeline parameters as JSON (default: the ride's stored parameters)."),
        ]),
        CommandSpec(name: "check", abstract: "Check the database: SQLite integrity, then every ride's totals against its fixes. Never writes.", options: [db, board],
                    discussion: "Exit status 0 when consistent, 65 when not."),
        CommandSpec(name: "status", abstract: "The active ride, its totals, the age of the last commit, parked batches, alarm, fixes lost.", options: [db, board]),
        CommandSpec(name: "selftest", abstract: "Probe the board's devices and say in words what is wrong.", options: [
            OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "The board folder holding board.conf.", isRequired: true),
        ]),
    ]

    static func spec(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
