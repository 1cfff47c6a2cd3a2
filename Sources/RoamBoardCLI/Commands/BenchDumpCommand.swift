import RoamSystem
import RoamBenchmarks
import RoamCore
import RoamExport
import RoamHandover
import RoamStore

/// `roam-board bench-dump`: writes a synthetic 24-hour 10 Hz ride through `RideStore`, then dumps
/// it in every format (accepted fixes, and `--raw`) to files, printing throughput and peak RSS per
/// format (docs/DESIGN.md §9). Meant to be folded into `roam-board bench`.
enum BenchDumpCommand {
    static func run(_ p: ParsedArguments) throws {
        let hours = try p.value(Options.hours)
        let hz = try p.value(Options.hz)
        guard hours > 0, hours <= 48, (1...20).contains(hz) else {
            throw UsageError(command: "bench-dump", message: "--hours expects 0 < H ≤ 48 and --hz 1 to 20")
        }
        let scratch = try BenchScratch(p, name: "roam-bench-dump")
        defer { scratch.finish() }
        let dbPath = scratch.file("rides.db")

        let rideID: Int64
        let start = DumpBenchmark.monotonicNow()
        do {
            let store = try RideStore(path: dbPath)
            let startUTCms: Int64 = CivilDate.daysFromCivil(year: 2026, month: 6, day: 14) * 86_400_000 + 21_600_000
            let ride = try store.startRide(startedMonoNs: 0, startedUTCms: startUTCms, parameters: PipelineParameters())
            rideID = ride.id
            try DumpBenchmark.writeRide(rideID: ride.id, hours: hours, hz: hz, startUTCms: startUTCms) { batch in
                try store.commit(batch, commitUTCms: batch.fixes.last?.utcMs ?? startUTCms)
            }
            try store.stopRide(id: ride.id, endedUTCms: startUTCms + Int64(hours * 3_600_000))
        }
        let reader = try RideReader(path: dbPath)
        guard let ride = try reader.ride(id: rideID) else { throw CLIError(description: "benchmark ride vanished from \(dbPath)") }
        Console.error("wrote \(ride.totals.fixCount) fixes (\(ride.totals.acceptedCount) accepted) in "
                      + "\(Int(DumpBenchmark.monotonicNow() - start)) s; database \(fileSize(dbPath) / 1_048_576) MB")
        let summary = RideSummary(id: ride.id, startedUTCms: ride.startedUTCms, endedUTCms: ride.endedUTCms,
                                  totals: ride.totals, parametersJSON: "{}")
        let baseline = DumpBenchmark.currentRSSBytes()
        // The anchor: reading every fix through the cursor with no exporter at all.
        var figures = [try DumpBenchmark.measure("read only", fixesRead: ride.totals.fixCount) {
            var n = 0
            try reader.forEachFix(ride: ride.id) { _ in n += 1 }
            return 0
        }]
        for raw in [false, true] {
            for format in ExportFormat.allCases {
                let path = scratch.file("bench\(raw ? "-raw" : "").\(format.fileExtension)")
                figures.append(try DumpBenchmark.measure(format.rawValue + (raw ? " --raw" : ""), fixesRead: ride.totals.fixCount) {
                    var sink = try AtomicFileSink(path: path, overwrite: true)
                    (sink, _, _) = try RideExport.export(format, summary, raw: raw, reader: reader, into: sink)
                    try sink.commit()
                    return fileSize(path)
                })
            }
        }
        print(DumpBenchmark.table(figures, baselineRSSBytes: baseline))
    }

    private static func fileSize(_ path: String) -> Int {
        Int((try? FileSystem.size(path)) ?? 0)  // a benchmark figure; the dump itself failed loudly
    }
}
