import RoamSystem
import Glibc
import RoamCore

/// NMEA framing, decoding and epoch assembly against gpsd's `gpsdecode` on the same file
/// (docs/DESIGN.md §9, goal ≥ 2×). Both sides read the file from the start and turn every sentence
/// into what they hand on: ours `Epoch` values (keeping each epoch's raw text), gpsdecode its JSON
/// reports (written to /dev/null while timed, so writing them costs it nothing).
///
/// Runs alternate between the two, the order flipping every run so neither always finds the file
/// warmer; the ratio is taken inside each run and then medianed (perf-limits.md's rule for a noisy
/// machine). CPU time (user + system) is the main figure: on a loaded 2-core machine the wall time
/// also measures the wait for a core. Wall-time figures are reported beside it.
public enum ParserBenchmark {
    /// What one pass of our stream over the file produced.
    public struct Count: Sendable, Equatable {
        public var bytes = 0
        public var sentencesAccepted = 0
        public var rejected = 0
        public var epochs = 0

        public init(bytes: Int = 0, sentencesAccepted: Int = 0, rejected: Int = 0, epochs: Int = 0) {
            self.bytes = bytes; self.sentencesAccepted = sentencesAccepted; self.rejected = rejected; self.epochs = epochs
        }
    }

    public struct Result: Sendable {
        public var count: Count
        public var ours: [ProcessTimes]
        public var gpsdecode: [ProcessTimes]

        public var oursCPUS: Double { CommitBenchmark.median(ours.map(\.cpuS)) }
        public var gpsdecodeCPUS: Double { CommitBenchmark.median(gpsdecode.map(\.cpuS)) }
        public var oursWallS: Double { CommitBenchmark.median(ours.map(\.wallS)) }
        public var gpsdecodeWallS: Double { CommitBenchmark.median(gpsdecode.map(\.wallS)) }
        /// Median over runs of gpsdecode's CPU time over ours (how many times faster we are).
        public var cpuRatio: Double { CommitBenchmark.median(zip(gpsdecode, ours).map { $0.cpuS / $1.cpuS }) }
        public var wallRatio: Double { CommitBenchmark.median(zip(gpsdecode, ours).map { $0.wallS / $1.wallS }) }
        public func sentencesPerSecond(_ seconds: Double) -> Double { Double(count.sentencesAccepted) / seconds }
    }

    /// How the sensor thread reads the UART (SensorLoop's buffer).
    public static let readSize = 4096

    /// Feeds `path` through one `NMEAStream` in `readSize` reads and counts what came out.
    public static func parse(file path: String) throws(BenchmarkError) -> Count {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .errno("opening", path) }
        defer { close(fd) }
        var stream = NMEAStream()
        var count = Count()
        var buffer = [UInt8](repeating: 0, count: readSize)
        while true {
            let n: Int
            do {
                n = try buffer.withUnsafeMutableBytes { raw in Swift.Result { () throws(Errno) in try retryingInterrupted { read(fd, raw.baseAddress!, readSize) } } }.get()
            } catch {
                throw .errno("reading", path, error)
            }
            if n == 0 { break }
            count.bytes += n
            count.epochs += buffer.withUnsafeBufferPointer { stream.feed(UnsafeBufferPointer(rebasing: $0[0..<n])) }.count
        }
        count.epochs += stream.finish().count
        count.sentencesAccepted = stream.counters.sentencesAccepted
        count.rejected = stream.counters.rejectedTotal
        return count
    }

    /// `runs` runs of both sides on `file`; `gpsdecode` is the path of gpsd's decoder.
    public static func compare(file: String, runs: Int, gpsdecode: String) throws(BenchmarkError) -> Result {
        var count = Count()
        var ours: [ProcessTimes] = [], theirs: [ProcessTimes] = []
        for run in 0..<max(runs, 1) {
            func timeOurs() throws(BenchmarkError) {
                let (c, t) = try ProcessTimes.measure { () throws(BenchmarkError) in try parse(file: file) }
                count = c
                ours.append(t)
            }
            func timeTheirs() throws(BenchmarkError) {
                theirs.append(try ProcessTimes.run(gpsdecode, arguments, stdin: file, stdout: "/dev/null"))
            }
            if run % 2 == 0 { try timeOurs(); try timeTheirs() } else { try timeTheirs(); try timeOurs() }
        }
        return Result(count: count, ours: ours, gpsdecode: theirs)
    }

    /// gpsdecode reading NMEA on stdin, writing JSON reports on stdout (-d and -j are its defaults;
    /// given anyway so a change of defaults cannot change what is measured).
    public static let arguments = ["-d", "-j"]

    /// One untimed gpsdecode run into `output`: its report lines and how many are TPV (position,
    /// one per epoch), showing that it decoded the same file rather than failing fast.
    public static func gpsdecodeReports(file: String, gpsdecode: String, output: String) throws(BenchmarkError) -> (lines: Int, tpv: Int) {
        _ = try ProcessTimes.run(gpsdecode, arguments, stdin: file, stdout: output)
        let fd = open(output, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .errno("opening", output) }
        defer { close(fd) }
        // gpsd's reports are one JSON object per line, the class first: {"class":"TPV",...
        let prefix = Array("{\"class\":\"TPV\"".utf8)
        var lines = 0, tpv = 0, column = 0, matching = true
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .errno("reading", output)
            }
            if n == 0 { break }
            for b in buffer[0..<n] {
                if b == 0x0A { lines += 1; column = 0; matching = true; continue }
                if matching && column < prefix.count {
                    matching = b == prefix[column]
                    if matching && column == prefix.count - 1 { tpv += 1 }
                }
                column += 1
            }
        }
        return (lines, tpv)
    }
}
