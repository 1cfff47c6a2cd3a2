import Glibc
import RoamBenchmarks
import RoamCommandLine
import RoamSystem

extension PerfRunner {
    /// `outage-memory`: what parking costs (P3): the recorder's own memory with 0 to `--epochs`
    /// epochs parked while storage refuses its commits, beside the same recorder committing them.
    static func outageMemory(_ p: ParsedArguments) throws {
        let bin = p.value("--bin")!, board = p.value("--board") ?? "Boards/bench"
        let epochs = try p.integer("--epochs") ?? 40_000, hz = try p.integer("--hz") ?? 10
        guard epochs >= 4, (1...20).contains(hz) else { throw UsageError(command: p.command, message: "--epochs expects N >= 4, --hz 1 to 20") }
        let folder = p.value("--folder") ?? FilePath.join(FileSystem.temporaryFolder, "roam-outage-memory-\(getpid())")
        _ = try FileSystem.makeFolders(folder)
        let marks = [0, epochs / 4, epochs / 2, epochs]
        let r = try OutageMemoryBenchmark.run(bin, board: board, folder: folder, hz: hz, marks: marks)
        let mib = { (b: Int) in fixed(Double(b) / 1_048_576, 2) }
        print("outage-memory  (\(bin) record --replay - on \(board), \(hz) Hz as fast as it reads; the outage: "
              + "a write lock held on its database; own memory (RssAnon) and peak (VmHWM) from /proc; \(folder))")
        print("epochs since".padded(to: 14) + "parked".padded(to: 9) + "outage anon/peak MiB".padded(to: 22)
              + "anchor anon/peak MiB".padded(to: 22) + "outage - anchor anon, per epoch")
        for (o, a) in zip(r.outage.marks, r.anchor.marks) {
            let extra = o.anonBytes - a.anonBytes
            print("\(o.epochs)".padded(to: 14) + "\(o.parkedEpochs)".padded(to: 9) + "\(mib(o.anonBytes)) / \(mib(o.hwmBytes))".padded(to: 22)
                  + "\(mib(a.anonBytes)) / \(mib(a.hwmBytes))".padded(to: 22)
                  + "\(mib(extra)) MiB" + (o.epochs > 0 ? ", \(extra / o.epochs) B" : ""))
        }
        let o = r.outage.landed, a = r.anchor.landed
        print("landed".padded(to: 23) + "\(mib(o.anonBytes)) / \(mib(o.hwmBytes))".padded(to: 22) + "\(mib(a.anonBytes)) / \(mib(a.hwmBytes))".padded(to: 22)
              + "peak - anchor peak: \(mib(o.hwmBytes - a.hwmBytes)) MiB")
        if let first = r.outage.marks.first, let last = r.outage.marks.last, last.parkedEpochs > 0 {
            print("own memory per parked epoch, outage alone: \((last.anonBytes - first.anonBytes) / last.parkedEpochs) B "
                  + "(RssAnon from 0 to \(last.parkedEpochs) parked)")
        }
    }
}
