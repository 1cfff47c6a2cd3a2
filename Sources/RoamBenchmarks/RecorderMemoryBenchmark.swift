import Glibc
import RoamSystem
import Synchronization

/// Peak RSS of the real recorder over a long high-rate replay (docs/DESIGN.md §9: flat, ≤ 30 MB over
/// 24 h at 10 Hz). The recorder runs as a child process (`record --replay -` on the bench board)
/// so nothing of the generator is counted; NMEA is generated on the fly into its standard input,
/// which it writes into its pseudo-terminal: the pipe and the pty block when full, so the replay
/// runs as fast as the recorder reads and commits and no byte is dropped. The child's RSS is
/// sampled from /proc with the number of epochs written so far, its peak from its VmHWM there.
public enum RecorderMemoryBenchmark {
    public struct Sample: Sendable {
        public var epochsWritten: Int
        public var rssBytes: Int
        /// The process's own memory (heap, stacks): RSS less the shared libraries' resident pages.
        public var anonBytes: Int
        /// Its peak so far (VmHWM): the recorder's own, counted from its exec.
        public var hwmBytes: Int
    }

    public struct Result: Sendable {
        public var epochsWritten: Int
        public var samples: [Sample]
        public var peakRSSBytes: Int
        public var exitStatus: CInt
        public var wallS: Double
        public var cpuS: Double

        /// The largest RSS and anonymous memory sampled while at most `epochs` epochs had been written.
        public func rss(through epochs: Int) -> (rss: Int, anon: Int)? {
            let upTo = samples.filter { $0.epochsWritten <= epochs }
            guard let rss = upTo.map(\.rssBytes).max(), let anon = upTo.map(\.anonBytes).max() else { return nil }
            return (rss, anon)
        }
    }

    /// Runs `executable arguments` (which must read the capture from stdin) with `epochs` epochs of
    /// `laps`; stderr goes to `stderrPath`. `realTime`: each epoch written at its own moment, `laps.hz`
    /// a second, as a receiver sends them, so the recorder's batches are a ride's (a commit interval's
    /// epochs) and not the replay's lead over the commit thread (docs/BENCHMARKS.md, "A ride in real time").
    public static func run(_ executable: String, _ arguments: [String], laps: HighRateLaps, epochs: Int,
                           stderrPath: String, realTime: Bool = false) throws(BenchmarkError) -> Result {
        // Neither end leaks into the child beyond the dup2 onto its standard input, nor into
        // another thread's child.
        let fds: [CInt]
        do { let pipe = try CloseOnExecPipe.make(); fds = [pipe.read, pipe.write] } catch { throw .errno("creating", "the replay pipe", error) }
        signal(SIGPIPE, SIG_IGN)
        let pid: pid_t
        do {
            pid = try BenchmarkError.trying { () throws(SystemError) in try ChildProcess.spawn(executable, argv: [executable] + arguments, streams: [
                .descriptor(fds[0]), .file("/dev/null", flags: O_WRONLY), .file(stderrPath, flags: O_WRONLY | O_CREAT | O_TRUNC)]) }
        } catch {
            close(fds[0]); close(fds[1])
            throw error
        }
        close(fds[0])

        let progress = Atomic<Int>(0)
        let sampler = RSSSampler(pid: pid)
        let wall0 = MonotonicClock.nowNs()
        do throws(SystemError) { try sampler.start { progress.load(ordering: .relaxed) } } catch {
            throw BenchmarkError.abandoning(pid, executable, error, closing: [fds[1]])
        }
        var laps = laps
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 16)
        var written = 0, writeError: BenchmarkError?
        do throws(BenchmarkError) {
            if realTime {
                try feedInRealTime(fds[1], &laps, epochs: epochs) { written = $0; progress.store($0, ordering: .relaxed) }
            } else {
                for _ in 0..<epochs {
                    pending += laps.next()!
                    written += 1
                    if pending.count >= 1 << 16 {
                        try feed(fds[1], pending)
                        pending.removeAll(keepingCapacity: true)
                        progress.store(written, ordering: .relaxed)
                    }
                }
                try feed(fds[1], pending)
            }
        } catch {
            writeError = error  // the child is still reaped below
        }
        progress.store(written, ordering: .relaxed)
        close(fds[1])
        let waited = Swift.Result { () throws(BenchmarkError) in try BenchmarkError.trying { () throws(SystemError) in try ChildProcess.wait(pid, executable) } }
        let wallS = Double(MonotonicClock.nowNs() - wall0) / 1e9
        let samples = sampler.stop()
        if let writeError { throw writeError }
        let (status, usage) = try waited.get()
        // Not wait4's ru_maxrss: the kernel counts in it the parent's resident set at the spawn (the
        // address space the child had before its exec), which was larger than the recorder's own.
        return Result(epochsWritten: written, samples: samples, peakRSSBytes: samples.map(\.hwmBytes).max() ?? 0,
                      exitStatus: status, wallS: wallS, cpuS: usage.cpuSeconds)
    }

    /// One epoch every 1/hz s. A write that blocked (the recorder setting up its receiver, not reading
    /// yet) moves the schedule on rather than sending the epochs it missed at once.
    private static func feedInRealTime(_ fd: CInt, _ laps: inout HighRateLaps, epochs: Int,
                                       progress: (Int) -> Void) throws(BenchmarkError) {
        let periodNs = 1_000_000_000 / UInt64(laps.hz)
        var due = MonotonicClock.nowNs()
        for written in 0..<epochs {
            let now = MonotonicClock.nowNs()
            if due > now { usleep(UInt32((due - now) / 1000)) }
            try feed(fd, laps.next()!)
            progress(written + 1)
            due += periodNs
            let after = MonotonicClock.nowNs()
            if after > due + 1_000_000_000 { due = after }
        }
    }

    private static func feed(_ fd: CInt, _ bytes: [UInt8]) throws(BenchmarkError) {
        try BenchmarkError.writeAll(fd, bytes, step: "writing the replay into", subject: "the recorder's standard input")
    }
}

/// Reads a child's VmRSS, RssAnon and VmHWM from /proc every 100 ms on its own thread, the first
/// time before `start` returns (the child, reading its standard input, is still there then).
/// `@unchecked Sendable`: the samples and the stop flag are behind a `Mutex`; `path` is immutable.
final class RSSSampler: @unchecked Sendable {
    private let path: String
    private let state = Mutex<(samples: [RecorderMemoryBenchmark.Sample], stop: Bool)>(([], false))
    private var thread: SystemThread?

    init(pid: pid_t) { path = "/proc/\(pid)/status" }

    func start(progress: @escaping @Sendable () -> Int) throws(SystemError) {
        sample(progress())
        thread = try SystemThread(name: "bench-rss") { [self] in loop(progress) }
    }

    func stop() -> [RecorderMemoryBenchmark.Sample] {
        state.withLock { $0.stop = true }
        thread?.join()
        return state.withLock { $0.samples }
    }

    private func loop(_ progress: () -> Int) {
        while !state.withLock({ $0.stop }) {
            usleep(100_000)
            sample(progress())
        }
    }

    private func sample(_ epochs: Int) {
        guard let (rss, anon, hwm) = Self.memory(path) else { return }
        state.withLock { $0.samples.append(.init(epochsWritten: epochs, rssBytes: rss, anonBytes: anon, hwmBytes: hwm)) }
    }

    /// VmRSS, RssAnon and VmHWM in bytes; nil once the process is gone.
    static func memory(_ path: String) -> (Int, Int, Int)? {
        guard let text = try? FileSystem.readText(path) else { return nil }  // gone: no sample
        var rss: Int?, anon: Int?, hwm: Int?
        for line in text.split(separator: "\n") {
            let kB = { Int(line.drop { $0 != ":" }.filter(\.isNumber)).map { $0 * 1024 } }
            if line.hasPrefix("VmRSS:") { rss = kB() }
            if line.hasPrefix("RssAnon:") { anon = kB() }
            if line.hasPrefix("VmHWM:") { hwm = kB() }
        }
        guard let rss, let anon, let hwm else { return nil }
        return (rss, anon, hwm)
    }
}
