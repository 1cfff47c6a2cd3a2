import Glibc
import RoamSystem

/// The commit-path figures of docs/DESIGN.md §9, each measured beside its anchor in the
/// same run because absolute numbers drift on a shared machine:
/// - durable batch commits per second against a raw write + fdatasync loop on the same
///   directory, in alternating rounds, and their ratio (goal ≥ 0.85);
/// - bytes written per 1 Hz batch (one fix per commit), from /proc/self/io (goal ≤ 16 KiB);
/// - open + resume time of a ride of N fixes (goal: flat in N).
/// RoamBenchmarks sees no store: the caller passes the commit and resume steps in as closures.
public enum CommitBenchmark {
    public struct Rates: Sendable {
        public var commitsPerSecond: Double
        public var appendsPerSecond: Double
        public var ratio: Double
        public var bytesPerCommit: Double
        public var rounds: Int
        public var perRound: Int
        /// Operations over total time: what a loaded machine's tail does to the same runs.
        public var meanCommitsPerSecond: Double
        public var meanAppendsPerSecond: Double
    }

    /// `rounds × perRound` raw appends and commits, interleaved one for one so both see the same
    /// machine; each operation timed on its own. Rates are 1 / the median latency: on a shared
    /// 2-core machine a preempted operation lands in the tail and moves a median little, where
    /// rates over whole rounds swung 0.58–0.94 between runs. The mean rates are kept beside them.
    public static func rates(rounds: Int, perRound: Int, raw: DurableAppendLoop, commit: () throws -> Void) throws -> Rates {
        var appendNs: [Double] = [], commitNs: [Double] = []
        let total = rounds * perRound
        appendNs.reserveCapacity(total); commitNs.reserveCapacity(total)
        var bytes = 0
        for _ in 0..<rounds {
            for _ in 0..<perRound {
                let a0 = MonotonicClock.nowNs()
                try raw.append()
                let a1 = MonotonicClock.nowNs()
                let io0 = try ProcessIO.now()
                let c0 = MonotonicClock.nowNs()
                try commit()
                let c1 = MonotonicClock.nowNs()
                bytes += try ProcessIO.now().writeBytes - io0.writeBytes
                appendNs.append(Double(a1 - a0)); commitNs.append(Double(c1 - c0))
            }
        }
        let commitRate = 1e9 / median(commitNs), appendRate = 1e9 / median(appendNs)
        return Rates(commitsPerSecond: commitRate, appendsPerSecond: appendRate, ratio: commitRate / appendRate,
                     bytesPerCommit: Double(bytes) / Double(max(total, 1)), rounds: rounds, perRound: perRound,
                     meanCommitsPerSecond: Double(total) * 1e9 / commitNs.reduce(0, +),
                     meanAppendsPerSecond: Double(total) * 1e9 / appendNs.reduce(0, +))
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
        let argv = [strace, "-f", "-c", "-e", "trace=fdatasync,fsync", "-o", summary] + arguments
        let null = ChildProcess.Stream.file("/dev/null", flags: O_RDWR)
        let pid = try ChildProcess.spawn(strace, argv: argv, streams: [null, null, null])
        guard try ChildProcess.wait(pid, strace).status == 0 else { return nil }
        return try StraceSummary.syncCalls(summary)
    }
}
