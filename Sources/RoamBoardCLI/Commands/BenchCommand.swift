import RoamSystem
import RoamBenchmarks
import RoamSimulator
import RoamCore
import RoamHardware
import RoamStore

/// `roam-board bench`: the commit path and recovery figures (see `CommitBenchmark`).
/// fdatasync calls per batch are counted by running this command's `--count-syncs` mode under
/// `strace -f -c -e trace=fdatasync,fsync`, once with 0 and once with N batches, so the open,
/// migration and ride start are subtracted; checkpoints stay in, as they are part of the cost.
enum BenchCommand {
    static func run(_ p: ParsedArguments) throws {
        let countSyncs = try p.value(Options.countSyncs)
        let rounds = try p.value(Options.rounds), perRound = try p.value(Options.perRound)
        let sizes = [try p.value(Options.small), try p.value(Options.medium), try p.value(Options.large)]
        // A count below one once crashed in a range (exit 132) after the scratch folder was made.
        guard ([rounds, perRound] + sizes).allSatisfy({ $0 >= 1 }), (countSyncs ?? 0) >= 0 else {
            throw UsageError(command: "bench", message: "--rounds, --per-round, --small, --medium and --large expect 1 or more, --count-syncs 0 or more")
        }
        let scratch = try BenchScratch(p, name: "roam-bench", measuresStorage: true)
        let dir = scratch.path
        if let n = countSyncs { return try commitBatches(n, into: dir + "/syncs-\(n).db") }
        defer { scratch.finish() }

        Console.error("bench: commits vs write+fdatasync in \(dir) (\(rounds) rounds of \(perRound))…")
        let feeder = try BatchFeeder(path: dir + "/commits.db")
        let rates = try CommitBenchmark.rates(rounds: rounds, perRound: perRound,
                                              raw: try DurableAppendLoop(directory: dir), commit: feeder.commitOne)
        var syncsPerBatch: Double?
        if FileSystem.isExecutable("/usr/bin/strace") {
            Console.error("bench: counting fdatasync under strace…")
            let me = ((try? FileSystem.linkTarget("/proc/self/exe")) ?? "/proc/self/exe")  // the link itself runs too
            func count(_ n: Int) throws -> Int? {
                try CommitBenchmark.syncCalls(strace: "/usr/bin/strace", arguments: [me, "bench", "--dir", dir, "--count-syncs", String(n)], scratch: dir)
            }
            let batches = 2_000
            if let base = try count(0), let loaded = try count(batches) { syncsPerBatch = Double(loaded - base) / Double(batches) }
        }
        var resume: [(fixes: Int, open: Double, withGap: Double)] = []
        for n in sizes {
            Console.error("bench: building a ride of \(n) fixes…")
            let path = dir + "/ride-\(n).db"
            try BatchFeeder(path: path).fill(n)
            let open = try CommitBenchmark.medianSeconds(runs: 9) { _ = try resumeRide(path, commitGap: false) }
            let withGap = try CommitBenchmark.medianSeconds(runs: 9) { _ = try resumeRide(path, commitGap: true) }
            resume.append((n, open, withGap))
        }

        print("roam-board bench  (\(dir); medians; same directory, same run)")
        print("figure                                   value         anchor / goal")
        print(row("durable batch commits per second", FixedPoint.format(rates.commitsPerSecond, digits: 0),
                  "write+fdatasync \(FixedPoint.format(rates.appendsPerSecond, digits: 0))/s"))
        print(row("  ratio to write+fdatasync", FixedPoint.format(rates.ratio, digits: 2), "goal >= 0.85 (medians of single operations, interleaved)"))
        print(row("  same runs, means", FixedPoint.format(rates.meanCommitsPerSecond, digits: 0) + "/s",
                  "write+fdatasync \(FixedPoint.format(rates.meanAppendsPerSecond, digits: 0))/s, "
                    + "ratio \(FixedPoint.format(rates.meanCommitsPerSecond / rates.meanAppendsPerSecond, digits: 2))"))
        print(row("fdatasync calls per batch (strace)", syncsPerBatch.map { FixedPoint.format($0, digits: 3) } ?? "n/a (no strace)", "goal 1.0"))
        print(row("bytes written per 1 Hz batch", FixedPoint.format(rates.bytesPerCommit, digits: 0) + " B", "goal <= 16384 B (/proc/self/io)"))
        for r in resume {
            print(row("open+resume, \(r.fixes) fixes", FixedPoint.format(r.open * 1000, digits: 2) + " ms",
                      "with restart-gap commit \(FixedPoint.format(r.withGap * 1000, digits: 2)) ms"))
        }
        // Flat means every size within 1.5x of the smallest, not only the largest.
        for r in resume.dropFirst() {
            print(row("  resume ratio \(r.fixes)/\(resume[0].fixes)", FixedPoint.format(r.open / resume[0].open, digits: 2),
                      "with gap commit \(FixedPoint.format(r.withGap / resume[0].withGap, digits: 2)); goal <= 1.5"))
        }
    }

    private static func row(_ label: String, _ value: String, _ note: String) -> String {
        label.padded(to: 41) + value.padded(to: 14) + note
    }

    /// What re-arm does at start (P7): open, read the active row, rebuild the pipeline from it,
    /// and (optionally) commit the restart gap. No fix is read.
    private static func resumeRide(_ path: String, commitGap: Bool) throws -> RidePipeline {
        let store = try RideStore(path: path)
        guard let row = try store.activeRide() else { throw CLIError(description: "\(path) has no recording ride") }
        var pipeline = RidePipeline(rideID: row.id, state: row.pipelineState, parameters: row.parameters)
        if commitGap {
            let gap = pipeline.markGap(.loggerRestarted, monoNs: MonotonicClock.nowNs())
            try store.commit(Batch(rideID: row.id, fixes: [], events: [gap], state: pipeline.state), commitUTCms: WallClock.nowUTCms())
        }
        return pipeline
    }

    private static func commitBatches(_ n: Int, into path: String) throws {
        let feeder = try BatchFeeder(path: path)
        for _ in 0..<n { try feeder.commitOne() }
    }

}

/// Commits the simulated bench ride's epochs (cycled) through the real pipeline and store.
private final class BatchFeeder {
    let store: RideStore
    var pipeline: RidePipeline
    let epochs: [SensorEpoch]
    var next = 0
    var monoNs: UInt64 = 1_000_000_000

    init(path: String) throws {
        store = try RideStore(path: path)
        let row = try store.activeRide() ?? store.startRide(startedMonoNs: 0, parameters: PipelineParameters())
        pipeline = RidePipeline(rideID: row.id, state: row.pipelineState, parameters: row.parameters)
        var stream = NMEAStream()
        let seconds = RideSimulation().seconds
        var out: [SensorEpoch] = []
        for s in seconds {
            let sample = BarometerSample(pressurePa: s.pressurePa, temperatureC: s.temperatureC, monoNs: 0)
            out += stream.feed(s.nmea).map { SensorEpoch(epoch: $0, monoNs: 0, barometer: sample) }
        }
        epochs = out
    }

    private func nextFix() -> FixRecord {
        var e = epochs[next % epochs.count]
        next += 1
        monoNs += 1_000_000_000
        e.monoNs = monoNs
        return pipeline.process(e).0
    }

    /// One 1 Hz batch: one fix, its totals and state, one transaction.
    func commitOne() throws {
        let fix = nextFix()
        try store.commit(Batch(rideID: pipeline.rideID, fixes: [fix], events: [], state: pipeline.state), commitUTCms: 0)
    }

    /// Grows the ride to `count` fixes in large batches (building the recovery benchmark's ride).
    func fill(_ count: Int) throws {
        while Int(pipeline.state.nextSeq) < count {
            let fixes = (0..<min(10_000, count - Int(pipeline.state.nextSeq))).map { _ in nextFix() }
            try store.commit(Batch(rideID: pipeline.rideID, fixes: fixes, events: [], state: pipeline.state), commitUTCms: 0)
        }
    }
}
