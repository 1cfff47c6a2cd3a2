import Glibc
import RoamBenchmarks
import RoamCommandLine
import RoamSystem

extension PerfRunner {
    /// `handover-memory`: the peak RSS of each hand-over (`dump`, `view`, `drive-image`) of rides of
    /// several lengths, recorded in this run; the first length is the anchor the others are read beside.
    static func handOverMemory(_ p: ParsedArguments) throws {
        let bin = p.value("--bin")!, board = p.value("--board") ?? "Boards/bench"
        let hz = try p.integer("--hz") ?? 10
        let text = p.value("--minutes") ?? "2,60,600"
        let minutes = text.split(separator: ",").compactMap { Double($0) }
        guard !minutes.isEmpty, minutes.count == text.split(separator: ",").count, minutes.allSatisfy({ $0 > 0 }),
              (2...20).contains(hz) else {
            throw UsageError(command: p.command, message: "--minutes expects M,M,... each > 0; --hz 2 to 20")
        }
        let folder = p.value("--folder") ?? FilePath.join(FileSystem.temporaryFolder, "roam-handover-memory-\(getpid())")
        guard access(HandOverMemoryBenchmark.time, X_OK) == 0 else {
            throw BenchmarkError(step: "finding", subject: HandOverMemoryBenchmark.time, reason: "not executable (Debian package time)")
        }
        _ = try FileSystem.makeFolders(folder)
        let rides = try HandOverMemoryBenchmark.run(bin, board: board, minutes: minutes, hz: hz, folder: folder) {
            printError("handover-memory: \($0)")
        }
        let anchor = rides[0]
        print("handover-memory  (\(bin), \(hz) Hz rides of the bench's laps recorded by record --replay; \(folder))")
        print("peak RSS MiB of each step (GNU time's maximum resident set); the first ride is the anchor, measured in this run")
        let width = 14
        print("step".padded(to: 28) + rides.map { "\(fixed($0.minutes, $0.minutes < 10 ? 1 : 0)) min".padded(to: width) }.joined()
              + "last / anchor")
        print("".padded(to: 28) + rides.map { "\($0.epochs) ep".padded(to: width) }.joined())
        for (i, step) in HandOverMemoryBenchmark.steps.enumerated() {
            let cells = rides.map { fixed(Double($0.peakKiB[i]) / 1024, 1).padded(to: width) }.joined()
            print(step.name.padded(to: 28) + cells + fixed(Double(rides.last!.peakKiB[i]) / Double(max(anchor.peakKiB[i], 1)), 2))
        }
    }
}
