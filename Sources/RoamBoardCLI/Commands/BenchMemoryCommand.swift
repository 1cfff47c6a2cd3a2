import RoamSystem
import RoamCore
import RoamBenchmarks
import RoamStore

/// `roam-board bench-memory`: the recorder's peak RSS over a long 10 Hz replay (docs/DESIGN.md §9:
/// flat, ≤ 30 MB over 24 h). Runs `record --replay -` on the bench board as a child, fed a
/// generated stream, once for a short baseline and once for the long ride, then checks that
/// every epoch written became a stored fix (none lost while the recorder fell behind).
enum BenchMemoryCommand {
    static func run(_ p: ParsedArguments) throws {
        let hours = try p.value(Options.hours)
        let baselineHours = try p.value(Options.baselineHours)
        let hz = try p.value(Options.hz)
        guard hours > 0, hours <= 48, baselineHours > 0, baselineHours <= hours, (1...20).contains(hz) else {
            throw UsageError(command: "bench-memory", message: "--hours expects 0 < H ≤ 48, --baseline-hours 0 < B ≤ H, --hz 1 to 20")
        }
        let board = try p.value(SharedOptions.benchBoard)
        let scratch = try BenchScratch(p, name: "roam-bench-memory")
        defer { scratch.finish() }
        let me = ((try? FileSystem.linkTarget("/proc/self/exe")) ?? "/proc/self/exe")  // the link itself runs too
        var runs: [(hours: Double, result: RecorderMemoryBenchmark.Result, fixes: Int)] = []
        for h in [baselineHours, hours] {
            let laps = HighRateLaps(hz: hz)
            let db = scratch.file("rides-\(h)h.db"), log = scratch.file("record-\(h)h.log")
            Console.error("bench-memory: recording \(h) h at \(hz) Hz (\(laps.epochs(hours: h)) epochs) through record --replay -…")
            let result = try RecorderMemoryBenchmark.run(
                me, ["record", "--board", board, "--db", db, "--replay", "-", "--quiet"],
                laps: laps, epochs: laps.epochs(hours: h), stderrPath: log)
            guard result.exitStatus == 0 else {
                let tail = (try? FileSystem.readText(log)).map { String($0.suffix(2000)) } ?? ""  // only adds to the failure said
                throw CLIError(description: "bench-memory: record exited with wait status \(result.exitStatus): \(tail)")
            }
            runs.append((h, result, try storedFixes(db)))
        }

        let mb = { (b: Int) in FixedPoint.format(Double(b) / 1e6, digits: 1) + " MB" }
        print("roam-board bench-memory  (record --replay - on \(board), \(hz) Hz, RSS from /proc, peak: its own VmHWM)")
        print("figure".padded(to: 41) + "value".padded(to: 14) + "anchor / goal")
        for run in runs {
            let r = run.result
            print("\(run.hours) h replay: peak RSS".padded(to: 41) + mb(r.peakRSSBytes).padded(to: 14) + "goal <= 30 MB, flat")
            print("  epochs written / fixes stored".padded(to: 41) + "\(r.epochsWritten)/\(run.fixes)".padded(to: 14)
                  + (r.epochsWritten == run.fixes ? "none lost" : "MISMATCH"))
            print("  replay time, recorder CPU".padded(to: 41) + FixedPoint.format(r.wallS, digits: 0) + " s".padded(to: 14)
                  + "\(FixedPoint.format(r.cpuS, digits: 1)) s CPU (\(FixedPoint.format(Double(r.epochsWritten) / max(r.cpuS, 1e-9), digits: 0)) epochs/CPU s)")
        }
        if let long = runs.last?.result {
            let perHour = hz * 3600
            var marks = [1, 2, 4, 8, 12, 16, 20, 24].filter { Double($0) <= hours }
            if marks.last.map({ Double($0) < hours }) ?? true { marks.append(Int(hours.rounded(.up))) }
            for h in marks {
                if let m = long.rss(through: h * perHour) {
                    print("  RSS while replaying hours up to \(h)".padded(to: 41) + mb(m.rss).padded(to: 14)
                          + "of which own (RssAnon) \(mb(m.anon)); sampled every 0.1 s")
                }
            }
            if let first = long.rss(through: perHour), let last = long.rss(through: Int(hours * Double(perHour))) {
                print("  own memory growth, hour 1 to the end".padded(to: 41) + mb(last.anon - first.anon).padded(to: 14)
                      + "shared libraries' pages: \(mb(last.rss - last.anon)) (shared with every Swift process)")
            }
            let base = runs[0].result.peakRSSBytes
            print("  peak ratio \(hours) h / \(baselineHours) h".padded(to: 41)
                  + FixedPoint.format(Double(long.peakRSSBytes) / Double(max(base, 1)), digits: 2).padded(to: 14) + "flat: ~1.0")
        }
        if runs.contains(where: { $0.result.epochsWritten != $0.fixes }) {
            throw CLIError(description: "bench-memory: fixes were lost (see the table)", status: ExitStatus.failure)
        }
    }

    private static func storedFixes(_ db: String) throws -> Int {
        let rides = try RideReader(path: db).rides()
        return rides.reduce(0) { $0 + $1.totals.fixCount }
    }
}
