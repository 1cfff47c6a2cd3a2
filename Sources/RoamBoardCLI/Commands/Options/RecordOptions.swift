extension RecordCommand {
    enum Options {
        static let board = SharedOptions.boardFolder
        static let replay = Option<String>("--replay", "FILE", help: "Bench only: replay a ride instead of the simulated one: an NMEA capture (- for standard input), a GPX 1.1 track (each point at its own time, the barometer following its <ele>), or a ride of another roam-board database (with --ride N: its raw NMEA and pressure as recorded). A FIT ride: convert it first with gpsbabel -i garmin_fit -f RIDE.fit -o gpx,gpxver=1.1,garminextensions -F RIDE.gpx (garminextensions keeps its measured temperature).")
        static let ride = Option<String>("--ride", "N", help: "With --replay DB: the ride of that database to replay.")
        static let realtime = Flag("--realtime", help: "Bench only: replay at the receiver's pace (the simulated ride at the rate the recorder set its module to, a track at its recorded times, a capture at its sentences' times) instead of as fast as possible.")
        static let commitInterval = Option<Double>("--commit-interval", "S", help: "Bench only: gather epochs for S seconds per commit instead of board.conf's commit_interval_s (0 to 5; 0 commits whatever is queued at once, as before the cadence; default for a replay faster than real time: 0).",
                                                   expecting: "seconds from 0 to 5")
        static let noRide = Flag("--no-ride", help: "Bench only: play the ride without pressing start or stop: the recorder reads the receiver with no ride recording, as a board left switched on (scripts/bench-peer's idle cases).")
        static let unplugAtEnd = Flag("--unplug-at-end", help: "Bench only: once the replay has played, unplug the receiver (its pseudo-terminal closed: the port reads EIO and its path is gone, as a USB receiver pulled out) and record on until a signal ends the run, which then exits 0 (scripts/bench-peer's idle-unplugged case).")
        static let acks = Flag("--acks", help: "Print one 'ack' line per committed batch on stdout (for tests and trials).")
        static let quiet = Flag("--quiet", help: "No progress line.")
    }

    static let spec = CommandSpec(name: "record", abstract: "Record rides: the button starts and stops them (on the bench, a scripted ride).", options: [
        Options.board, SharedOptions.db, Options.replay, Options.ride, Options.realtime, Options.commitInterval, Options.noRide, Options.unplugAtEnd, Options.acks, Options.quiet, SharedOptions.units,
    ], discussion: "Every batch is committed in one transaction before it is acknowledged (LED blink, 'ack' line). A batch holds the epochs of one commit interval (board.conf commit_interval_s, default 1 s); a press, a silent receiver and a stop signal commit at once. Stopped by a signal, the recorder exits 0 and its ride goes on at the next start; a bench replay stopped by one before its end exits 128 + the signal's number (130 for Ctrl-C), and the next start closes its ride.")
}

extension SelftestCommand {
    static let spec = CommandSpec(name: "selftest", abstract: "Probe the board's devices and say in words what is wrong.", options: [SharedOptions.boardFolder])
}
