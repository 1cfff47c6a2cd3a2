import RoamSystem
import RoamCore
import RoamBenchmarks
import RoamStore

/// `roam-board bench-cadence`: bytes handed to the SD card and fdatasync calls per hour of riding,
/// at 1 Hz and 10 Hz, one epoch per commit ("before": --commit-interval 0) beside the commit
/// cadence ("after": the interval given, default board.conf's 1 s), with the payload beside them
/// (see `CadenceBenchmark`). Each figure is the difference of a short and a long real-time run
/// scaled to an hour: an honest extrapolation of S seconds of riding, not a recorded hour.
enum BenchCadenceCommand {
    private struct Setup {
        var hz: Int
        var intervalS: Double
        var label: String { "\(hz) Hz, " + (intervalS == 0 ? "each epoch alone (before)" : "\(intervalS) s cadence (after)") }
    }

    static func run(_ p: ParsedArguments) throws {
        let seconds = try p.value(Options.seconds)
        let shortS = try p.value(Options.shortSeconds)
        let intervalS = try p.value(Options.interval)
        guard shortS > 0, seconds > shortS, seconds <= 7200, intervalS > 0, intervalS <= 5 else {
            throw UsageError(command: "bench-cadence", message: "--seconds expects S ≤ 7200 above --short-seconds > 0, --interval 0 < S ≤ 5")
        }
        let warmUp = try p.value(Options.warmUp)
        guard (0...100_000).contains(warmUp) else {
            throw UsageError(command: "bench-cadence", message: "--warm-up expects 0 to 100000 epochs, found '\(warmUp)'")
        }
        let rates = try p.value(Options.hz)
        for hz in rates where !(1...20).contains(hz) {
            throw UsageError(command: "bench-cadence", message: "--hz expects \(Options.hz.expectation), found '\(hz)'")
        }
        let board = try p.value(SharedOptions.benchBoard)
        let scratch = try BenchScratch(p, name: "roam-bench-cadence", measuresStorage: true)
        defer { scratch.finish() }
        let strace = FileSystem.isExecutable("/usr/bin/strace") ? "/usr/bin/strace" : nil
        let me = ((try? FileSystem.linkTarget("/proc/self/exe")) ?? "/proc/self/exe")  // the link itself runs too

        var rows: [(Setup, CadenceBenchmark.PerHour, storedPerFix: Double)] = []
        for hz in rates {
            let baseline = p.value(Options.cadenceOnly) ? [] : [Setup(hz: hz, intervalS: 0)]
            for setup in baseline + [Setup(hz: hz, intervalS: intervalS)] {
                var runs: [CadenceBenchmark.Run] = []
                var sizes: [(bytes: Int, fixes: Int)] = []
                for s in [shortS, seconds] {
                    let name = "\(hz)hz-\(setup.intervalS)s-\(Int(s))s"
                    let db = scratch.file("\(name).db"), log = scratch.file("\(name).log")
                    Console.error("bench-cadence: \(setup.label), \(Int(s)) s of riding in real time…")
                    var run = try CadenceBenchmark.run(me, ["record", "--board", board, "--db", db, "--replay", "-", "--quiet", "--acks",
                                                            "--commit-interval", String(setup.intervalS)],
                                                       laps: HighRateLaps(hz: hz), seconds: s, warmUpEpochs: warmUp, strace: strace,
                                                       scratch: scratch.path, stderrPath: log)
                    guard run.exitStatus == 0 else {
                        let tail = (try? FileSystem.readText(log)).map { String($0.suffix(2000)) } ?? ""  // only adds to the failure said
                        throw CLIError(description: "bench-cadence: record ended with \(WaitStatus(run.exitStatus).words) (its last words follow; its whole log: \(log)):\n\(tail)")
                    }
                    // What the recorder's WAL still holds reaches the database file at its next checkpoint:
                    // done here, and its bytes counted as the run's (a long ride checkpoints every 1000 pages).
                    run.writeBytes += try checkpointBytes(db)
                    let fixes = try storedFixes(db)
                    guard fixes == run.epochsWritten else {
                        throw CLIError(description: "bench-cadence: \(run.epochsWritten) epochs written, \(fixes) fixes stored in \(db)")
                    }
                    sizes.append((try fileSize(db), fixes))
                    runs.append(run)
                }
                let stored = Double(sizes[1].bytes - sizes[0].bytes) / Double(max(sizes[1].fixes - sizes[0].fixes, 1))
                rows.append((setup, CadenceBenchmark.PerHour(short: runs[0], long: runs[1]), stored))
            }
        }
        print("roam-board bench-cadence  (record --replay - on \(board) in real time; per hour = (\(Int(seconds)) s run - \(Int(shortS)) s run) x 3600 / \(Int(seconds - shortS)) s)")
        print(warmUp == 0 ? "no warm-up: each run starts on an empty WAL, whose growth every commit of the first minutes pays for (ext4 metadata)"
              : "each run first feeds \(warmUp) epochs at 1000/s (the WAL filled once, then reused as in a ride past its first minutes); both runs alike, so it cancels")
        print("bytes written: the recorder's wait4 ru_oublock x 512 (= /proc/PID/io write_bytes: WAL, its checkpoints, status file) + the final checkpoint of its WAL (/proc/self/io); syncs: strace -f -c")
        print("setup".padded(to: 38) + "MB written/h".padded(to: 14) + "fdatasync/h".padded(to: 13) + "commits/h".padded(to: 11)
              + "B written/fix".padded(to: 15) + "NMEA B/fix".padded(to: 12) + "DB B/fix")
        for (setup, h, stored) in rows {
            print(setup.label.padded(to: 38) + mb(h.writeBytes).padded(to: 14) + (h.syncCalls.map { fixed($0, 0) } ?? "n/a (no strace)").padded(to: 13)
                  + fixed(h.commits, 0).padded(to: 11) + fixed(h.writeBytes / max(h.epochs, 1), 0).padded(to: 15)
                  + fixed(h.nmeaBytes / max(h.epochs, 1), 0).padded(to: 12) + fixed(stored, 0))
        }
        print("anchors: 10 Hz <= 60 MB/h and <= 3600 fdatasync/h; 1 Hz <= 30 MB/h. Payload: NMEA B/fix as received; DB B/fix = growth of the checkpointed database file per fix, long run over short.")
    }

    /// Bytes this process dirties checkpointing `db`'s WAL into the database file (/proc/self/io).
    private static func checkpointBytes(_ db: String) throws -> Int {
        let connection = try SQLiteConnection(path: db, mode: .readWrite)
        let before = try ProcessIO.now().writeBytes
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return try ProcessIO.now().writeBytes - before
    }

    private static func storedFixes(_ db: String) throws -> Int {
        try RideReader(path: db).rides().reduce(0) { $0 + $1.totals.fixCount }
    }

    private static func fileSize(_ path: String) throws -> Int {
        Int(try FileSystem.size(path))
    }

    private static func mb(_ bytes: Double) -> String { fixed(bytes / 1e6, 1) }

    private static func fixed(_ x: Double, _ digits: Int) -> String {
        x.isFinite ? FixedPoint.format(x, digits: digits) : "n/a"
    }
}
