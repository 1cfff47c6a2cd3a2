import Foundation
import RoamHardware

/// The commit-path figures of DESIGN.md §9 and issue 3, each measured beside its anchor in the
/// same run because absolute numbers drift on a shared machine:
/// - durable batch commits per second against a raw write + fdatasync loop on the same
///   directory, in alternating rounds, and their ratio (goal ≥ 0.85);
/// - bytes written per 1 Hz batch (one fix per commit), from /proc/self/io (goal ≤ 16 KiB);
/// - open + resume time of a ride of N fixes (goal: flat in N).
/// RoamBench sees no store: the caller passes the commit and resume steps in as closures.
public enum CommitBenchmark {
    public struct Rates: Sendable {
        public var commitsPerSecond: Double
        public var appendsPerSecond: Double
        public var ratio: Double
        public var bytesPerCommit: Double
        public var rounds: Int
        public var perRound: Int
    }

    /// `rounds` rounds of `perRound` raw appends then `perRound` commits; medians over rounds.
    public static func rates(rounds: Int, perRound: Int, raw: DurableAppendLoop, commit: () throws -> Void) throws -> Rates {
        var commitRates: [Double] = [], appendRates: [Double] = [], ratios: [Double] = []
        var bytes = 0, commits = 0
        for _ in 0..<rounds {
            let a0 = MonotonicClock.nowNs()
            for _ in 0..<perRound { try raw.append() }
            let a1 = MonotonicClock.nowNs()
            let io0 = try ProcessIO.now()
            let c0 = MonotonicClock.nowNs()
            for _ in 0..<perRound { try commit() }
            let c1 = MonotonicClock.nowNs()
            bytes += try ProcessIO.now().writeBytes - io0.writeBytes
            commits += perRound
            let appendRate = Double(perRound) / (Double(a1 - a0) / 1e9), commitRate = Double(perRound) / (Double(c1 - c0) / 1e9)
            appendRates.append(appendRate); commitRates.append(commitRate); ratios.append(commitRate / appendRate)
        }
        return Rates(commitsPerSecond: median(commitRates), appendsPerSecond: median(appendRates), ratio: median(ratios),
                     bytesPerCommit: Double(bytes) / Double(max(commits, 1)), rounds: rounds, perRound: perRound)
    }

    /// Median seconds of `runs` calls of `body`.
    public static func medianSeconds(runs: Int, _ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let t0 = MonotonicClock.nowNs()
            try body()
            times.append(Double(MonotonicClock.nowNs() - t0) / 1e9)
        }
        return median(times)
    }

    public static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// Counts fdatasync and fsync calls of `arguments` run under `strace -f -c` (nil without strace).
    public static func syncCalls(strace: String, arguments: [String], scratch: String) throws -> Int? {
        let summary = scratch + "/strace-summary.txt"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: strace)
        p.arguments = ["-f", "-c", "-e", "trace=fdatasync,fsync", "-o", summary] + arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        // Rows: "% time seconds usecs/call calls [errors] syscall"; the calls column is the 4th.
        var calls = 0
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ")
            if let name = f.last, name == "fdatasync" || name == "fsync", f.count >= 5, let n = Int(f[3]) { calls += n }
        }
        return calls
    }
}
