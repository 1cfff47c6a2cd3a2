import RoamSystem
import RoamBenchmarks
import RoamCore
import RoamExport
import RoamStore

/// `roam-board bench-explored --cells N --db FILE`: writes a synthetic history exploring exactly
/// N precision-7 cells through the real store (`ExploredBenchmark`), for `scripts/bench-explored`,
/// which then times `view --explored` on it and opens the page in headless Chromium.
enum BenchExploredCommand {
    static func run(_ p: ParsedArguments) throws {
        let cells = try p.value(Options.cells)
        guard (1...2_000_000).contains(cells) else {
            throw UsageError(command: "bench-explored", message: "--cells expects 1 to 2000000")
        }
        let path = try p.value(Options.db)
        guard !FileSystem.exists(path) else {
            throw CLIError(description: "\(path) exists already: give a new file (the history is written from scratch)", status: ExitStatus.usage)
        }
        let start = DumpBenchmark.monotonicNow()
        let store = try RideStore(path: path)
        let startUTCms: Int64 = CivilDate.daysFromCivil(year: 2024, month: 3, day: 1) * 86_400_000 + 28_800_000
        let (rides, fixes) = try ExploredBenchmark.writeRides(cells: cells, startUTCms: startUTCms, startRide: { utc in
            try store.startRide(startedMonoNs: 0, startedUTCms: utc, parameters: PipelineParameters()).id
        }, commit: { batch in
            try store.commit(batch, commitUTCms: batch.fixes.last?.utcMs ?? startUTCms)
        }, stopRide: { id, end in
            try store.stopRide(id: id, endedUTCms: end)
        })
        Console.error("wrote \(rides) rides, \(fixes) fixes, \(cells) cells into \(path) in "
                      + "\(FixedPoint.format(DumpBenchmark.monotonicNow() - start, digits: 1)) s")
    }
}

