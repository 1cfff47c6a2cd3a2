import Glibc
import RoamBenchmarks
import RoamCommandLine
import RoamSystem

extension PerfRunner {
    /// `ride-memory`: `record --replay -` fed one epoch at a time at the receiver's rate, for as long
    /// as the ride lasts, so what is resident is what a ride keeps, not what a replay faster than
    /// real time queues (`roam-board bench-memory`). Prints the largest RSS of each minute.
    static func rideMemory(_ p: ParsedArguments) throws {
        let bin = p.value("--bin")!, board = p.value("--board") ?? "Boards/bench"
        let minutes = try p.integer("--minutes") ?? 10, hz = try p.integer("--hz") ?? 10
        let interval = p.value("--commit-interval") ?? "3"
        guard minutes > 0, (1...20).contains(hz) else {
            throw UsageError(command: p.command, message: "--minutes expects M > 0, --hz 1 to 20")
        }
        // The recording stays for a look afterwards (`roam-board show --db`), the log beside it.
        let db = p.value("--db") ?? FilePath.join(FileSystem.temporaryFolder, "roam-ride-memory-\(getpid())/rides.db")
        _ = try FileSystem.makeFolders(FilePath.parent(db))
        let laps = HighRateLaps(hz: hz)
        let r = try RecorderMemoryBenchmark.run(
            bin, ["record", "--board", board, "--db", db, "--replay", "-", "--commit-interval", interval, "--quiet"],
            laps: laps, epochs: minutes * 60 * hz, stderrPath: db + ".log", realTime: true)
        guard r.exitStatus == 0 else {
            throw BenchmarkError(step: "running", subject: "record", reason: "wait status \(r.exitStatus) (see \(db).log)")
        }
        let mib = { (b: Int) in fixed(Double(b) / 1_048_576, 2) }
        print("ride-memory  (\(bin) record --replay - on \(board), \(hz) Hz in real time, --commit-interval \(interval); \(db))")
        print("minute".padded(to: 8) + "epochs".padded(to: 10) + "RSS MiB, so far".padded(to: 18) + "of which RssAnon MiB")
        for minute in 1...minutes {
            guard let m = r.rss(through: minute * 60 * hz) else { continue }
            print("\(minute)".padded(to: 8) + "\(minute * 60 * hz)".padded(to: 10) + mib(m.rss).padded(to: 18) + mib(m.anon))
        }
        print("peak RSS (VmHWM, to its last 0.1 s): \(mib(r.peakRSSBytes)) MiB; recorder CPU \(fixed(r.cpuS, 1)) s over \(fixed(r.wallS, 0)) s")
    }
}
