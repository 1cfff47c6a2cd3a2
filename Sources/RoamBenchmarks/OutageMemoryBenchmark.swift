import Glibc
import RoamRecorder
import RoamStore
import RoamSystem

/// The recorder's own memory while storage refuses its commits and it parks what it reads (P3),
/// beside the same recorder committing normally in the same run (the anchor): the cost of the
/// parking space per epoch, and of the commit that lands it all when storage is back.
/// Both runs are `record --replay -` on the bench board fed the high-rate laps as fast as it reads.
/// In the outage run a second connection holds the database's write lock (`BEGIN IMMEDIATE`), as a
/// reader that took the lock would: every commit fails with SQLITE_BUSY after the busy timeout,
/// and the recorder parks, in a real database on a real file system. Figures come from the
/// recorder's /proc status (RssAnon: its heap and stacks; VmHWM: its peak resident set) once its
/// status file shows the epochs of each mark parked (or, in the anchor, committed).
public enum OutageMemoryBenchmark {
    public struct Mark: Sendable {
        /// Epochs fed since the outage began (in the anchor, since the same point).
        public var epochs: Int
        /// Epochs parked then, as the recorder's status says (the anchor: 0).
        public var parkedEpochs: Int
        public var anonBytes: Int
        public var hwmBytes: Int
    }

    public struct Run: Sendable {
        public var marks: [Mark]
        /// After the outage: every parked epoch landed, the alarm down (the anchor: after its last mark).
        public var landed: Mark
    }

    public struct Result: Sendable {
        public var outage: Run
        public var anchor: Run
    }

    /// Epochs committed before the outage begins: the ride is open and its first batches landed.
    static let leadEpochs = 60

    public static func run(_ executable: String, board: String, folder: String, hz: Int, marks: [Int]) throws(BenchmarkError) -> Result {
        let anchor = try one(executable, board: board, db: FilePath.join(folder, "anchor.db"), hz: hz, marks: marks, outage: false)
        let outage = try one(executable, board: board, db: FilePath.join(folder, "outage.db"), hz: hz, marks: marks, outage: true)
        return Result(outage: outage, anchor: anchor)
    }

    private static func one(_ executable: String, board: String, db: String, hz: Int, marks: [Int], outage: Bool) throws(BenchmarkError) -> Run {
        let child = try FedRecorder(executable, ["record", "--board", board, "--db", db, "--replay", "-", "--quiet"],
                                    laps: HighRateLaps(hz: hz), stderrPath: db + ".log")
        defer { child.stop() }
        // The bench's receiver may miss bytes written before the recorder reads it (a known race of
        // the bench wire): fed until a first commit shows, then the lead, all but its last epoch committed.
        var fed = 0
        while try !child.wait("commit a first batch", timeoutS: fed < 600 ? 5 : 0, until: { $0.lastAckedSeq != nil }) {
            try child.feed(10); fed += 10
        }
        let first = try child.lastAckedSeq()
        try child.feed(leadEpochs)
        try child.wait("commit \(leadEpochs - 1) epochs more") { ($0.lastAckedSeq ?? -1) >= first + Int64(leadEpochs - 1) }
        let base = try child.lastAckedSeq()
        let lock: SQLiteConnection?
        do {
            lock = outage ? try SQLiteConnection(path: db, mode: .readWrite) : nil
            try lock?.execute("BEGIN IMMEDIATE")
        } catch { throw BenchmarkError(step: "taking the write lock of", subject: db, reason: error.description) }
        var taken: [Mark] = [try child.mark(epochs: 0)]
        for mark in marks.sorted() where mark > 0 {
            try child.feed(mark - taken.last!.epochs)
            // The last epoch fed waits for the next one's sentences; the one before the outage is parked with these.
            if outage {
                try child.wait("park \(mark) epochs") { $0.parkedEpochs >= mark - 1 }
            } else {
                try child.wait("commit \(mark) more epochs") { ($0.lastAckedSeq ?? -1) >= base + Int64(mark - 1) }
            }
            taken.append(try child.mark(epochs: mark))
        }
        do { try lock?.execute("ROLLBACK") } catch { throw BenchmarkError(step: "releasing the write lock of", subject: db, reason: error.description) }
        lock?.close()
        try child.wait("land the parked epochs") { $0.parkedEpochs == 0 && $0.alarm == nil }
        let landed = try child.mark(epochs: taken.last!.epochs)
        try child.finish()
        return Run(marks: taken, landed: landed)
    }
}

/// `record --replay -` as a child, fed epochs on its standard input on demand, watched through its
/// status file and its /proc status.
private final class FedRecorder {
    private let executable: String
    private let pid: pid_t
    private var input: CInt
    private var laps: HighRateLaps
    private let statusPath: String
    private var reaped = false

    init(_ executable: String, _ arguments: [String], laps: HighRateLaps, stderrPath: String) throws(BenchmarkError) {
        let pipe: (read: CInt, write: CInt)
        do { let made = try CloseOnExecPipe.make(); pipe = (made.read, made.write) } catch { throw .errno("creating", "the replay pipe", error) }
        signal(SIGPIPE, SIG_IGN)
        do {
            pid = try BenchmarkError.trying { () throws(SystemError) in try ChildProcess.spawn(executable, argv: [executable] + arguments, streams: [
                .descriptor(pipe.read), .file("/dev/null", flags: O_WRONLY), .file(stderrPath, flags: O_WRONLY | O_CREAT | O_TRUNC)]) }
        } catch {
            close(pipe.read); close(pipe.write)
            throw error
        }
        close(pipe.read)
        self.executable = executable; input = pipe.write; self.laps = laps
        statusPath = RecorderStatusFile.path(forDatabase: arguments[arguments.firstIndex(of: "--db")! + 1])
    }

    func feed(_ epochs: Int) throws(BenchmarkError) {
        var pending: [UInt8] = []
        for _ in 0..<epochs {
            pending += laps.next()!
            if pending.count >= 1 << 16 { try write(pending); pending.removeAll(keepingCapacity: true) }
        }
        try write(pending)
    }

    private func write(_ bytes: [UInt8]) throws(BenchmarkError) {
        try BenchmarkError.writeAll(input, bytes, step: "writing the replay into", subject: "the recorder's standard input")
    }

    /// Polls the status file (a benchmark's wait, not a test's) until `condition` holds; 10 minutes at most.
    func wait(_ what: String, until condition: (RecorderStatus) -> Bool) throws(BenchmarkError) {
        guard try wait(what, timeoutS: 600, until: condition) else {
            throw BenchmarkError(step: "waiting for the recorder to", subject: what, reason: "not done in 10 minutes (see its log)")
        }
    }

    /// Whether `condition` held within `timeoutS`; the recorder gone is an error.
    func wait(_ what: String, timeoutS: Double, until condition: (RecorderStatus) -> Bool) throws(BenchmarkError) -> Bool {
        let deadline = MonotonicClock.nowNs() + UInt64(timeoutS * 1e9)
        repeat {
            if let status = (try? RecorderStatusFile.read(path: statusPath))??.status, condition(status) { return true }
            guard kill(pid, 0) == 0 else { throw BenchmarkError(step: "waiting for the recorder to", subject: what, reason: "it exited (see its log)") }
            usleep(50_000)
        } while MonotonicClock.nowNs() < deadline
        return false
    }

    func lastAckedSeq() throws(BenchmarkError) -> Int64 {
        var seq: Int64 = -1
        try wait("show its last commit") { seq = $0.lastAckedSeq ?? -1; return true }
        return seq
    }

    func mark(epochs: Int) throws(BenchmarkError) -> OutageMemoryBenchmark.Mark {
        let parked = (try? RecorderStatusFile.read(path: statusPath))??.status?.parkedEpochs ?? 0
        guard let (_, anon, hwm) = RSSSampler.memory("/proc/\(pid)/status") else {
            throw BenchmarkError(step: "reading", subject: "/proc/\(pid)/status", reason: "the recorder is gone")
        }
        return .init(epochs: epochs, parkedEpochs: parked, anonBytes: anon, hwmBytes: hwm)
    }

    /// Ends the replay; the recorder commits the scripted stop and exits.
    func finish() throws(BenchmarkError) {
        close(input); input = -1
        let (status, _) = try BenchmarkError.trying { () throws(SystemError) in try ChildProcess.wait(pid, executable) }
        reaped = true
        guard status == 0 else { throw BenchmarkError(step: "running", subject: "record", reason: "wait status \(status) (see its log)") }
    }

    /// A run that failed half-way leaves no recorder behind.
    func stop() {
        if input >= 0 { close(input); input = -1 }
        guard !reaped else { return }
        kill(pid, SIGKILL)
        _ = try? ChildProcess.wait(pid, executable)
        reaped = true
    }
}
