import Glibc
import RoamCore
import RoamSystem

/// What an hour of riding costs the SD card: the real recorder (`record --replay -` on
/// the bench board, as a child) fed a high-rate ride at the receiver's own pace, in real time, so
/// its commit cadence sees epochs arrive as a receiver sends them. Per run:
/// - bytes written: the child's `ru_oublock` from wait4, which Linux fills from the same counter
///   as /proc/PID/io `write_bytes` (pages dirtied towards the device, 512-byte units); it holds the
///   WAL appends, the checkpoints into the database file and the status file's rewrites;
/// - fdatasync and fsync calls: the child run under `strace -f -c` when strace is there;
/// - commits: the recorder's own 'ack' lines (`--acks`), one per committed batch.
/// A run of S seconds includes the recorder's start and stop; `perHour` takes the difference of two
/// runs of different lengths, so those fixed costs cancel and what remains is the riding itself.
public enum CadenceBenchmark {
    public struct Run: Sendable {
        public var seconds: Double
        public var epochsWritten: Int
        public var nmeaBytes: Int
        public var writeBytes: Int
        public var syncCalls: Int?
        public var commits: Int
        public var exitStatus: CInt
    }

    /// Figures per hour of riding from a short and a long run of the same setup.
    public struct PerHour: Sendable {
        public var writeBytes: Double
        public var syncCalls: Double?
        public var commits: Double
        public var epochs: Double
        public var nmeaBytes: Double

        public init(short: Run, long: Run) {
            let scale = 3600 / max(long.seconds - short.seconds, 1e-9)
            writeBytes = Double(long.writeBytes - short.writeBytes) * scale
            syncCalls = long.syncCalls.flatMap { l in short.syncCalls.map { Double(l - $0) * scale } }
            commits = Double(long.commits - short.commits) * scale
            epochs = Double(long.epochsWritten - short.epochsWritten) * scale
            nmeaBytes = Double(long.nmeaBytes - short.nmeaBytes) * scale
        }
    }

    /// Runs `executable arguments` (reading NMEA on stdin, printing 'ack' lines on stdout) and feeds
    /// it `seconds` of `laps` at `laps.hz`, paced on the monotonic clock, once the child says its ride
    /// started (its stderr, a file at `stderrPath`) and the warm-up is fed. `strace`: count syncs with it.
    ///
    /// `warmUpEpochs` go first, a thousand a second: enough fills the WAL once, so the timed part
    /// finds it being reused, as every commit of a ride past its first minutes does. While the WAL
    /// file still grows, each commit also extends it (ext4's metadata and journal at every
    /// fdatasync), which a short run would otherwise charge to the whole hour. Both runs of a setup
    /// warm up alike, so the difference keeps only the timed riding.
    public static func run(_ executable: String, _ arguments: [String], laps: HighRateLaps, seconds: Double, warmUpEpochs: Int = 0,
                           strace: String?, scratch: String, stderrPath: String) throws(BenchmarkError) -> Run {
        let summary = scratch + "/strace-\(getpid())-\(MonotonicClock.nowNs()).txt"
        let (program, argv) = strace.map { ($0, ["-f", "-c", "-e", "trace=fdatasync,fsync", "-o", summary, executable] + arguments) }
            ?? (executable, arguments)
        let input: [CInt], output: [CInt]
        do { let p = try CloseOnExecPipe.make(); input = [p.read, p.write] } catch { throw .errno("creating", "the benchmark's pipes", error) }
        do { let p = try CloseOnExecPipe.make(); output = [p.read, p.write] } catch {
            close(input[0]); close(input[1]); throw .errno("creating", "the benchmark's pipes", error)
        }
        signal(SIGPIPE, SIG_IGN)
        let pid: pid_t
        do {
            pid = try BenchmarkError.trying { () throws(SystemError) in try ChildProcess.spawn(program, argv: [program] + argv, streams: [
                .descriptor(input[0]), .descriptor(output[1]), .file(stderrPath, flags: O_WRONLY | O_CREAT | O_TRUNC)]) }
        } catch {
            for fd in input + output { close(fd) }
            throw error
        }
        close(input[0]); close(output[1])
        let acks = AckCounter(fd: output[0])
        do throws(SystemError) { try acks.start() } catch {
            throw BenchmarkError.abandoning(pid, program, error, closing: [input[1], output[0]])
        }

        var written = 0, nmeaBytes = 0, feedError: BenchmarkError?
        // A replay starts its ride only once it has read a checksummed sentence (it checks its input
        // first): the ride's first epoch goes before the wait, and counts as the ride's.
        var laps = laps
        let first = laps.next()!
        do throws(BenchmarkError) {
            try BenchmarkError.writeAll(input[1], first, step: "writing the ride into", subject: "the recorder's standard input")
            written += 1; nmeaBytes += first.count
        } catch {
            feedError = error
        }
        if feedError == nil && waitForRideStart(stderrPath, pid: pid) {
            let total = max(Int(seconds * Double(laps.hz)) - 1, 0), periodNs = 1_000_000_000 / UInt64(laps.hz)
            do throws(BenchmarkError) {
                let warmUpStart = MonotonicClock.nowNs()
                for i in 0..<warmUpEpochs {
                    let due = warmUpStart + UInt64(i) * 1_000_000
                    while case let now = MonotonicClock.nowNs(), now < due { usleep(UInt32((due - now) / 1000)) }
                    let bytes = laps.next()!
                    try BenchmarkError.writeAll(input[1], bytes, step: "writing the ride into", subject: "the recorder's standard input")
                    written += 1; nmeaBytes += bytes.count
                }
                let start = MonotonicClock.nowNs()
                for i in 0..<total {
                    let due = start + UInt64(i) * periodNs
                    while case let now = MonotonicClock.nowNs(), now < due { usleep(UInt32(min((due - now) / 1000, 100_000))) }
                    let bytes = laps.next()!
                    try BenchmarkError.writeAll(input[1], bytes, step: "writing the ride into", subject: "the recorder's standard input")
                    written += 1; nmeaBytes += bytes.count
                }
            } catch {
                feedError = error  // the child is still reaped below
            }
        }
        close(input[1])
        let waited = Result { () throws(BenchmarkError) in try BenchmarkError.trying { () throws(SystemError) in try ChildProcess.wait(pid, program) } }
        let commits = acks.finish()
        if let feedError { throw feedError }
        let (status, usage) = try waited.get()
        return Run(seconds: seconds, epochsWritten: written, nmeaBytes: nmeaBytes, writeBytes: usage.ru_oublock * 512,
                   syncCalls: strace == nil ? nil : try StraceSummary.syncCalls(summary), commits: commits, exitStatus: status)
    }

    /// The recorder configures the receiver, then the bench presses start: the feed begins there.
    private static func waitForRideStart(_ stderrPath: String, pid: pid_t) -> Bool {
        let deadline = MonotonicClock.nowNs() + 60_000_000_000
        while MonotonicClock.nowNs() < deadline {
            if let text = try? FileSystem.readText(stderrPath), text.containsText(": started") { return true }
            if kill(pid, 0) != 0 { return false }  // gone before starting: its status tells why
            usleep(20_000)
        }
        return false
    }
}

/// Counts the 'ack' lines a child prints, reading its stdout on a thread of its own.
/// `@unchecked Sendable`: `count` is written only by the reading thread and read by `finish` after
/// joining that thread (the join orders the two).
private final class AckCounter: @unchecked Sendable {
    private let fd: CInt
    private var count = 0
    private var thread: SystemThread?

    init(fd: CInt) { self.fd = fd }

    func start() throws(SystemError) {
        thread = try SystemThread(name: "bench-acks") { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096), line: [UInt8] = []
            while let n = try? buffer.withUnsafeMutableBytes({ raw in Result { () throws(Errno) in try retryingInterrupted { read(fd, raw.baseAddress!, 4096) } } }).get(), n > 0 {
                for byte in buffer[0..<n] {
                    if byte == UInt8(ascii: "\n") {
                        if line.starts(with: Array("ack".utf8)) { count += 1 }
                        line.removeAll(keepingCapacity: true)
                    } else { line.append(byte) }
                }
            }
            close(fd)
        }
    }

    /// Waits for the child's end of the pipe to close; the count of 'ack' lines.
    func finish() -> Int { thread?.join(); return count }
}
