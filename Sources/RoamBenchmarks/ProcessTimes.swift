import RoamSystem
import Glibc

/// Wall and CPU time of one piece of work. On a shared, loaded machine the CPU time (user + system)
/// says what the work costs; the wall time also counts the waits for a core.
public struct ProcessTimes: Sendable, Equatable {
    public var wallS: Double
    public var cpuS: Double

    public init(wallS: Double, cpuS: Double) { self.wallS = wallS; self.cpuS = cpuS }

    /// Times `body` on the calling thread (CLOCK_THREAD_CPUTIME_ID counts user and system time).
    public static func measure<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> (R, ProcessTimes) {
        let cpu0 = threadCPUNs(), wall0 = MonotonicClock.nowNs()
        let result = try body()
        let wall1 = MonotonicClock.nowNs(), cpu1 = threadCPUNs()
        return (result, ProcessTimes(wallS: Double(wall1 - wall0) / 1e9, cpuS: Double(cpu1 - cpu0) / 1e9))
    }

    /// Runs `executable` with stdin read from `input` and stdout written to `output`, stderr
    /// inherited, an empty environment; waits for it. Its CPU time comes from wait4's rusage.
    public static func run(_ executable: String, _ arguments: [String], stdin input: String,
                           stdout output: String) throws(BenchmarkError) -> ProcessTimes {
        let wall0 = MonotonicClock.nowNs()
        let (status, usage) = try BenchmarkError.trying { () throws(SystemError) in
            let pid = try ChildProcess.spawn(executable, argv: [executable] + arguments, streams: [
                .file(input, flags: O_RDONLY), .file(output, flags: O_WRONLY | O_CREAT | O_TRUNC), .inherited], environment: [])
            return try ChildProcess.wait(pid, executable)
        }
        let wall1 = MonotonicClock.nowNs()
        let ended = WaitStatus(status)
        guard ended.succeeded else {
            throw BenchmarkError(step: "running", subject: "\(executable) \(arguments.joined(separator: " "))", reason: ended.words)
        }
        return ProcessTimes(wallS: Double(wall1 - wall0) / 1e9, cpuS: usage.cpuSeconds)
    }

    private static func threadCPUNs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
