extension BenchDumpCommand {
    enum Options {
        static let hours = DefaultedOption<Double>("--hours", "H", default: 24) { "Ride length in hours (default \($0))." }
        static let hz = DefaultedOption<Int>("--hz", "N", default: 10) { "Fixes per second (default \($0))." }
    }

    static let spec = CommandSpec(name: "bench-dump", abstract: "Benchmark dump: a synthetic long ride, each format's throughput and peak memory.", options: [
        Options.hours, Options.hz, SharedOptions.scratchDir, SharedOptions.keepScratch,
    ], discussion: "Use a release build: swift build -c release; .build/release/roam-board bench-dump")
}

extension BenchMemoryCommand {
    enum Options {
        static let hours = DefaultedOption<Double>("--hours", "H", default: 24) { "Length of the long replay in hours (default \($0))." }
        static let baselineHours = DefaultedOption<Double>("--baseline-hours", "H", default: 1) {
            "Length of the short replay it is compared with (default \($0))."
        }
        static let hz = DefaultedOption<Int>("--hz", "N", default: 10) { "Epochs per second (default \($0))." }
    }

    static let spec = CommandSpec(name: "bench-memory", abstract: "Benchmark the recorder's memory: peak RSS over a long high-rate replay through record, and no fix lost.", options: [
        Options.hours, Options.baselineHours, Options.hz, SharedOptions.benchBoard, SharedOptions.scratchDir, SharedOptions.keepScratch,
    ], discussion: "Use a release build: swift build -c release; .build/release/roam-board bench-memory")
}

extension BenchCadenceCommand {
    enum Options {
        static let seconds = DefaultedOption<Double>("--seconds", "S", default: 120) { "Real-time riding of the long run of each setup (default \($0))." }
        static let shortSeconds = DefaultedOption<Double>("--short-seconds", "S", default: 10) {
            "Real-time riding of the short run subtracted from it (default \($0))."
        }
        static let hz = DefaultedOption<[Int]>("--hz", "LIST", default: [1, 10], expecting: "rates from 1 to 20, comma-separated") {
            "Epoch rates, comma-separated (default \($0))."
        }
        static let interval = DefaultedOption<Double>("--interval", "S", default: 1) { "The cadence measured as 'after' (default \($0), board.conf's default)." }
        static let warmUp = DefaultedOption<Int>("--warm-up", "N", default: 4000) {
            "Epochs fed first at 1000 a second, the same in both runs, so the timed part finds the WAL reused as in a ride past its first minutes (default \($0); 0: start on an empty WAL)."
        }
        static let cadenceOnly = Flag("--cadence-only", help: "Measure only the cadence, not each epoch alone: for a long run such as --seconds 3600.")
    }

    static let spec = CommandSpec(name: "bench-cadence", abstract: "Benchmark the SD card's hour: bytes written and fdatasync per hour at 1 and 10 Hz, each epoch alone beside the commit cadence, with the payload.", options: [
        Options.seconds, Options.shortSeconds, Options.hz, Options.interval, Options.warmUp, Options.cadenceOnly, SharedOptions.benchBoard, SharedOptions.scratchDir, SharedOptions.keepScratch,
    ], discussion: "Use a release build: swift build -c release; .build/release/roam-board bench-cadence. Counting fdatasync needs strace.")
}

extension BenchCommand {
    enum Options {
        static let rounds = DefaultedOption<Int>("--rounds", "N", default: 5) { "Alternating rounds of raw appends and commits (default \($0))." }
        static let perRound = DefaultedOption<Int>("--per-round", "N", default: 400) { "Appends and commits per round (default \($0))." }
        static let small = DefaultedOption<Int>("--small", "N", default: 30_000) { "Fixes in the small ride of the resume figure (default \($0))." }
        static let medium = DefaultedOption<Int>("--medium", "N", default: 300_000) { "Fixes in the middle ride of the resume figure (default \($0))." }
        static let large = DefaultedOption<Int>("--large", "N", default: 3_000_000) { "Fixes in the large ride of the resume figure (default \($0))." }
        static let countSyncs = Option<Int>("--count-syncs", "N", help: "Internal: commit N one-fix batches and exit (bench runs this under strace to count fdatasync).")
    }

    static let spec = CommandSpec(name: "bench", abstract: "Benchmark the commit path and recovery: commits/s beside write+fdatasync, syncs and bytes per batch, resume time.", options: [
        SharedOptions.scratchDir, Options.rounds, Options.perRound, Options.small, Options.medium, Options.large, SharedOptions.keepScratch,
        Options.countSyncs,
    ], discussion: "Use a release build: swift build -c release; .build/release/roam-board bench. Counting fdatasync needs strace.")
}

extension BenchExploredCommand {
    enum Options {
        static let cells = RequiredOption<Int>("--cells", "N", help: "Distinct precision-7 cells to explore.")
        static let db = RequiredOption<String>("--db", "FILE", help: "The new database to write (must not exist).")
    }

    static let spec = CommandSpec(name: "bench-explored", abstract: "Write a synthetic ride history exploring exactly N geohash cells (for scripts/bench-explored).", options: [
        Options.cells, Options.db,
    ], discussion: "scripts/bench-explored runs it, then times view --explored and opens the page in headless Chromium.", isHidden: true)
}
