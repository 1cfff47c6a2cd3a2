import RoamCommandLine

/// roam-perf's subcommands: the inputs and measurements behind scripts/bench-parser and
/// scripts/bench-cpu. The scripts run the tools beside them (gpsdecode, callgrind).
enum PerfCommands {
    static let all: [CommandSpec] = [
        CommandSpec(name: "capture", abstract: "Write an NMEA capture of the bench ride, lap after lap, time running on.", options: [
            OptionSpec(name: "--out", kind: .value(placeholder: "FILE"), help: "The capture to write (replaced).", isRequired: true),
            OptionSpec(name: "--sentences", kind: .value(placeholder: "N"), help: "At least this many sentences, whole epochs (default 1000000)."),
            OptionSpec(name: "--hz", kind: .value(placeholder: "N"), help: "Epochs per second of the capture's clock (default 1; above 1: the high-rate laps)."),
        ]),
        CommandSpec(name: "parser", abstract: "Time our framing, decoding and epoch assembly beside gpsd's gpsdecode on one file.", options: [
            OptionSpec(name: "--file", kind: .value(placeholder: "FILE"), help: "The NMEA capture (see 'capture').", isRequired: true),
            OptionSpec(name: "--runs", kind: .value(placeholder: "N"), help: "Alternating runs of both (default 5)."),
            OptionSpec(name: "--gpsdecode", kind: .value(placeholder: "PATH"), help: "gpsd's decoder (default /usr/bin/gpsdecode)."),
            OptionSpec(name: "--check-output", kind: .value(placeholder: "FILE"),
                       help: "Also run gpsdecode once untimed into FILE and count its reports."),
        ]),
        CommandSpec(name: "pipeline", abstract: "Run epochs of the bench ride through stream, pipeline and batch building (for callgrind).", options: [
            OptionSpec(name: "--epochs", kind: .value(placeholder: "N"), help: "Epochs to run.", isRequired: true),
            OptionSpec(name: "--capacity", kind: .value(placeholder: "N"),
                       help: "Seconds of input to prepare first (default: --epochs); equal in runs that are subtracted."),
        ]),
        CommandSpec(name: "ride-memory", abstract: "A ride in real time through record: the recorder's RSS minute by minute, as on a board.", options: [
            bin,
            OptionSpec(name: "--minutes", kind: .value(placeholder: "M"), help: "Minutes of riding (default 10)."),
            OptionSpec(name: "--hz", kind: .value(placeholder: "N"), help: "Epochs per second, sent one by one in real time (default 10)."),
            OptionSpec(name: "--commit-interval", kind: .value(placeholder: "S"), help: "record's commit cadence (default 3: the Pi boards' commit_interval_s)."),
            benchBoard,
            OptionSpec(name: "--db", kind: .value(placeholder: "FILE"), help: "The database to record into (default: roam-ride-memory-PID/rides.db in the temporary folder, kept)."),
        ]),
        CommandSpec(name: "handover-memory", abstract: "What the board runs after a ride (dump, view, drive-image): peak RSS by the ride's length.", options: [
            bin,
            OptionSpec(name: "--minutes", kind: .value(placeholder: "M,M,..."), help: "The rides' lengths; the first is the anchor (default 2,60,600)."),
            OptionSpec(name: "--hz", kind: .value(placeholder: "N"), help: "Epochs per second of the rides (default 10)."),
            benchBoard,
            OptionSpec(name: "--folder", kind: .value(placeholder: "DIR"), help: "Where the rides and outputs go (default: roam-handover-memory-PID in the temporary folder, kept)."),
        ]),
        CommandSpec(name: "outage-memory", abstract: "The recorder's memory with epochs parked while storage refuses commits, beside it committing them.", options: [
            bin,
            OptionSpec(name: "--epochs", kind: .value(placeholder: "N"), help: "Epochs parked at the last mark (default 40000, the parking limit); marks at 0, N/4, N/2, N."),
            OptionSpec(name: "--hz", kind: .value(placeholder: "N"), help: "Epochs per second of the capture (default 10)."),
            benchBoard,
            OptionSpec(name: "--folder", kind: .value(placeholder: "DIR"), help: "Where the two databases and logs go (default: roam-outage-memory-PID in the temporary folder, kept)."),
        ]),
    ]

    /// The options the memory benchmarks share: the binary measured and the board it records on.
    static let bin = OptionSpec(name: "--bin", kind: .value(placeholder: "ROAM_BOARD"),
                                help: "The roam-board to measure (the board's release build).", isRequired: true)
    static let benchBoard = OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "The bench board folder (default Boards/bench).")
}
