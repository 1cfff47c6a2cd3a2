import Glibc
import RoamSystem

/// The peak memory of what the board runs after a ride, by the ride's length: `dump` in each
/// format (and again into the file it wrote, which it compares before marking the ride), `view`,
/// and `drive-image`, the drive keeper's build. Each ride is the bench's high-rate laps recorded by
/// `record --replay` (as fast as it reads) into its own scratch database; every step runs on a
/// fresh copy of it, so a mark or an image left by one step changes no other.
///
/// A step's figure is its process's peak RSS as GNU time reports it (`/usr/bin/time -f %M`, Debian
/// package time). Not this process's own wait4: the kernel counts in a child's peak the address
/// space it had before its exec, which for a child spawned from here is this process's (12.6 MiB for
/// a debug roam-perf, above the smallest figures); time's child is forked from time, a small process.
public enum HandOverMemoryBenchmark {
    public struct Step: Sendable {
        public var name: String
        /// `roam-board` arguments; `DB` and `OUT` stand for the database and the step's output folder.
        public var arguments: [String]
    }

    public static let steps: [Step] = [
        Step(name: "dump gpx", arguments: ["dump", "--db", "DB", "--ride", "1", "--format", "gpx", "--out", "OUT/ride.gpx"]),
        Step(name: "dump gpx, in place", arguments: ["dump", "--db", "DB", "--ride", "1", "--format", "gpx", "--out", "OUT/ride.gpx"]),
        Step(name: "dump fit", arguments: ["dump", "--db", "DB", "--ride", "1", "--format", "fit", "--out", "OUT/ride.fit"]),
        Step(name: "dump fit, in place", arguments: ["dump", "--db", "DB", "--ride", "1", "--format", "fit", "--out", "OUT/ride.fit"]),
        Step(name: "dump gpx --raw", arguments: ["dump", "--db", "DB", "--ride", "1", "--format", "gpx", "--raw", "--out", "OUT/raw.gpx"]),
        Step(name: "dump gpx --raw, in place", arguments: ["dump", "--db", "DB", "--ride", "1", "--format", "gpx", "--raw", "--out", "OUT/raw.gpx"]),
        Step(name: "dump csv --raw", arguments: ["dump", "--db", "DB", "--ride", "1", "--format", "csv", "--raw", "--out", "OUT/raw.csv"]),
        Step(name: "dump geojson --raw", arguments: ["dump", "--db", "DB", "--ride", "1", "--format", "geojson", "--raw", "--out", "OUT/raw.geojson"]),
        Step(name: "view (the ride page)", arguments: ["view", "--db", "DB", "--ride", "1", "--out", "OUT/ride.html"]),
        Step(name: "drive-image", arguments: ["drive-image", "--db", "DB", "--image", "OUT/drive.img"]),
    ]

    public struct Ride: Sendable {
        public var minutes: Double
        public var epochs: Int
        /// Each step's peak RSS in KiB, in the order of `steps`.
        public var peakKiB: [Int]
    }

    /// Records a ride of each length (minutes of `hz` epochs) under `folder` and runs every step on it.
    public static func run(_ bin: String, board: String, minutes: [Double], hz: Int, folder: String,
                           progress: (String) -> Void) throws(BenchmarkError) -> [Ride] {
        var rides: [Ride] = []
        for length in minutes {
            let epochs = max(1, Int(length * 60 * Double(hz)))
            let base = FilePath.join(folder, "ride-\(epochs)")
            let capture = base + ".nmea", db = base + ".db"
            progress("\(epochs) epochs: capture, record --replay")
            // The high-rate laps send RMC, GGA, GSA and GST each epoch.
            let written = try SimulatedCapture.write(sentences: epochs * 4, to: capture, hz: max(hz, 2)).epochs
            unlink(db)
            _ = try peakKiB(bin, ["record", "--board", board, "--db", db, "--replay", capture, "--quiet"], log: base + ".log")
            unlink(capture)
            var peaks: [Int] = []
            let out = base + "-out", copy = base + "-step.db"
            do { try FileSystem.removeTree(out); _ = try FileSystem.makeFolders(out) } catch { throw BenchmarkError(error) }
            for step in steps {
                // Each step on the ride as recorded; the steps "in place" find the file the step before wrote.
                try copyFile(db, to: copy)
                let arguments = step.arguments.map { $0 == "DB" ? copy : $0.replacingPrefix("OUT/", with: out + "/") }
                peaks.append(try peakKiB(bin, arguments, log: base + ".log"))
            }
            unlink(copy)
            rides.append(Ride(minutes: length, epochs: written, peakKiB: peaks))
        }
        return rides
    }

    /// GNU time, which reports the peak of the process it forks.
    public static let time = "/usr/bin/time"

    /// Runs `bin arguments` under GNU time, stderr appended to `log`; its peak RSS in KiB. A failure names the step and its log.
    public static func peakKiB(_ bin: String, _ arguments: [String], log: String) throws(BenchmarkError) -> Int {
        let peakFile = log + ".peak"
        let (status, _) = try BenchmarkError.trying { () throws(SystemError) in
            let pid = try ChildProcess.spawn(time, argv: [time, "-f", "%M", "-o", peakFile, bin] + arguments, streams: [
                .file("/dev/null", flags: O_RDONLY), .file("/dev/null", flags: O_WRONLY),
                .file(log, flags: O_WRONLY | O_CREAT | O_APPEND)])
            return try ChildProcess.wait(pid, time)
        }
        guard status == 0 else {
            throw BenchmarkError(step: "running", subject: arguments.prefix(2).joined(separator: " "), reason: "wait status \(status) (see \(log))")
        }
        let text = try BenchmarkError.trying { () throws(SystemError) in try FileSystem.readText(peakFile) }
        guard let kib = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw BenchmarkError(step: "reading", subject: peakFile, reason: "no peak RSS in '\(text)'")
        }
        return kib
    }

    /// In 1 MiB pieces: a database read whole would raise this process's peak, the floor under every figure.
    private static func copyFile(_ from: String, to path: String) throws(BenchmarkError) {
        let source = open(from, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw .errno("opening", from) }
        defer { close(source) }
        let target = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard target >= 0 else { throw .errno("creating", path) }
        defer { close(target) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try retryingInterrupted { read(source, raw.baseAddress, raw.count) } } }
            let n: Int
            do { n = try got.get() } catch { throw .errno("reading", from, error) }
            if n == 0 { return }
            try BenchmarkError.writeAll(target, Array(chunk[0..<n]), step: "writing", subject: path)
        }
    }
}

private extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
