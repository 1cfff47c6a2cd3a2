import Glibc
import RoamHardware
import Synchronization

/// Peak RSS of the real recorder over a long high-rate replay (DESIGN.md §9: flat, ≤ 30 MB over
/// 24 h at 10 Hz). The recorder runs as a child process (`record --replay -` on the bench board)
/// so nothing of the generator is counted; NMEA is generated on the fly into its standard input,
/// which it writes into its pseudo-terminal: the pipe and the pty block when full, so the replay
/// runs as fast as the recorder reads and commits and no byte is dropped. The child's RSS is
/// sampled from /proc with the number of epochs written so far; its peak comes from wait4.
public enum RecorderMemoryBenchmark {
    public struct Sample: Sendable {
        public var epochsWritten: Int
        public var rssBytes: Int
        /// The process's own memory (heap, stacks): RSS less the shared libraries' resident pages.
        public var anonBytes: Int
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
    /// `laps`; stderr goes to `stderrPath`.
    public static func run(_ executable: String, _ arguments: [String], laps: HighRateLaps, epochs: Int,
                           stderrPath: String) throws(BenchmarkError) -> Result {
        var fds: [CInt] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .errno("creating", "the replay pipe") }
        // Neither end leaks into the child beyond the dup2 onto its standard input.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        signal(SIGPIPE, SIG_IGN)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(fds[0])
        guard spawned == 0 else { close(fds[1]); throw .errno("starting", executable, spawned) }

        let progress = Atomic<Int>(0)
        let sampler = RSSSampler(pid: pid)
        let wall0 = MonotonicClock.nowNs()
        sampler.start { progress.load(ordering: .relaxed) }
        var laps = laps
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 16)
        var written = 0, writeError: BenchmarkError?
        for _ in 0..<epochs {
            pending += laps.next()!
            written += 1
            if pending.count >= 1 << 16 {
                if let e = writeAll(fds[1], pending) { writeError = e; break }
                pending.removeAll(keepingCapacity: true)
                progress.store(written, ordering: .relaxed)
            }
        }
        if writeError == nil, let e = writeAll(fds[1], pending) { writeError = e }
        progress.store(written, ordering: .relaxed)
        close(fds[1])
        var status: CInt = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wallS = Double(MonotonicClock.nowNs() - wall0) / 1e9
        let samples = sampler.stop()
        if let writeError { throw writeError }
        let cpuS = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Result(epochsWritten: written, samples: samples, peakRSSBytes: usage.ru_maxrss * 1024,
                      exitStatus: status, wallS: wallS, cpuS: cpuS)
    }

    private static func writeAll(_ fd: CInt, _ bytes: [UInt8]) -> BenchmarkError? {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return .errno("writing the replay into", "the recorder's standard input")
            }
            done += n
        }
        return nil
    }
}

/// Reads a child's VmRSS from /proc every 100 ms on its own thread.
private final class RSSSampler: @unchecked Sendable {
    private let path: String
    private let state = Mutex<(samples: [RecorderMemoryBenchmark.Sample], stop: Bool)>(([], false))
    private var thread: pthread_t?

    init(pid: pid_t) { path = "/proc/\(pid)/status" }

    func start(progress: @escaping @Sendable () -> Int) {
        let box = Unmanaged.passRetained(Box { [self] in loop(progress) })
        var t = pthread_t()
        pthread_create(&t, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque())
        thread = t
    }

    func stop() -> [RecorderMemoryBenchmark.Sample] {
        state.withLock { $0.stop = true }
        if let thread { pthread_join(thread, nil) }
        return state.withLock { $0.samples }
    }

    private func loop(_ progress: () -> Int) {
        while !state.withLock({ $0.stop }) {
            let epochs = progress()
            if let (rss, anon) = Self.memory(path) {
                state.withLock { $0.samples.append(.init(epochsWritten: epochs, rssBytes: rss, anonBytes: anon)) }
            }
            usleep(100_000)
        }
    }

    /// VmRSS and RssAnon in bytes; nil once the process is gone.
    private static func memory(_ path: String) -> (Int, Int)? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        var rss: Int?, anon: Int?
        while fgets(&line, CInt(line.count), f) != nil {
            let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let kB = { Int(text.drop { $0 != ":" }.filter(\.isNumber)).map { $0 * 1024 } }
            if text.hasPrefix("VmRSS:") { rss = kB() }
            if text.hasPrefix("RssAnon:") { anon = kB() }
        }
        guard let rss, let anon else { return nil }
        return (rss, anon)
    }

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
