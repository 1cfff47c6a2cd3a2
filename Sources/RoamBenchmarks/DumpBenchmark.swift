#if canImport(Glibc)
import Glibc
#endif
import RoamCore

/// The `dump` benchmark of docs/DESIGN.md §9 ("dump streams with flat memory at ≥ 200 k fixes per
/// second"): a synthetic 24-hour ride at 10 Hz, then each format dumped while the process's peak
/// RSS is reset and read back from /proc, and the time taken by the monotonic clock.
///
/// RoamBenchmarks sees neither the store nor the exporters, so the caller passes them in as closures:
/// `commit` stores one batch, `dump` writes one format and returns the bytes it wrote.
public enum DumpBenchmark {
    public struct Figure: Sendable {
        public var label: String
        public var fixesRead: Int
        public var seconds: Double
        /// User + system CPU time: on a shared 2-core machine wall time includes waiting for a core.
        public var cpuSeconds: Double
        public var peakRSSBytes: Int
        public var outputBytes: Int
        public var fixesPerSecond: Double { seconds > 0 ? Double(fixesRead) / seconds : 0 }
        public var fixesPerCPUSecond: Double { cpuSeconds > 0 ? Double(fixesRead) / cpuSeconds : 0 }
    }

    /// Writes a synthetic ride as batches of `batchSize` fixes: a rider at 4–9 m/s on a slowly
    /// turning course, a 10 m distance gate (at 10 Hz most fixes fall under it and are flagged,
    /// as on the board), barometric altitude on rolling hills, a loss of fix every 2 hours.
    public static func writeRide(rideID: Int64, hours: Double = 24, hz: Int = 10, startUTCms: Int64,
                                 batchSize: Int = 2_000, commit: (Batch) throws -> Void) throws {
        let count = Int(hours * 3600 * Double(hz))
        let stepS = 1 / Double(hz)
        var lat = 47.99, lon = 7.84, anchor: (Double, Double)?
        var state = PipelineState()
        var batch: [FixRecord] = []
        batch.reserveCapacity(batchSize)
        let metresPerDegree = Haversine.earthRadiusM * .pi / 180
        for i in 0..<count {
            let t = Double(i) * stepS
            let speed = 6.5 + 2.5 * sine(t / 300), course = t / 3600 * 2 * .pi
            lat += speed * stepS * cosine(course) / metresPerDegree
            lon += speed * stepS * sine(course) / (metresPerDegree * cosine(lat * .pi / 180))
            let lostFix = Int(t) % 7200 >= 7190
            var e = Epoch()
            let utc = startUTCms + Int64(i * 1000 / hz)
            e.timeOfDayMs = Int(utc % 86_400_000); e.date = CivilDate.civilFromDays(utc / 86_400_000)
            e.sentences = ["$GNRMC,\(e.timeOfDayMs!),A,4759.4000,N,00750.4000,E,12.6,87.5,140626,,,A*5E",
                           "$GNGGA,\(e.timeOfDayMs!),4759.4000,N,00750.4000,E,1,12,0.8,312.4,M,47.9,M,,*4A"]
            var flags: FixFlags = []
            var added = 0.0
            if lostFix {
                flags = .noFix; e.fixMode = .noFix
                if anchor != nil { state.segment += 1; state.totals.gapCount += 1 }
                anchor = nil
            } else {
                e.latDeg = lat; e.lonDeg = lon; e.fixMode = .fix3D; e.speedMps = speed; e.courseDeg = course * 180 / .pi
                e.hdop = 0.8; e.satellitesUsed = 12; e.altMSLm = 312
                if let a = anchor {
                    let d = Haversine.distanceM(lat1: a.0, lon1: a.1, lat2: lat, lon2: lon)
                    if d < 10 { flags = .underDistanceGate } else { added = d; anchor = (lat, lon) }
                } else {
                    flags = .segmentStart; anchor = (lat, lon)
                }
            }
            let alt = 300 + 80 * sine(t / 1800)
            batch.append(FixRecord(rideID: rideID, seq: Int64(i), monoNs: UInt64(i) * UInt64(1_000_000_000 / hz), epoch: e,
                                   pressurePa: 101_325 * power(1 - alt / 44_330.8, 5.255), temperatureC: 19.5, utcMs: utc,
                                   timeSource: .gnss, flags: flags, segment: state.segment,
                                   smoothedLatDeg: e.latDeg, smoothedLonDeg: e.lonDeg, baroAltM: lostFix ? nil : alt,
                                   distanceAddedM: added))
            state.totals.fixCount += 1
            if flags.isAccepted { state.totals.acceptedCount += 1; state.totals.movingS += stepS } else { state.totals.flaggedCount += 1 }
            state.totals.distanceM += added
            state.totals.elapsedS = t
            state.totals.maxSpeedMps = max(state.totals.maxSpeedMps, speed)
            if batch.count == batchSize || i == count - 1 {
                state.nextSeq = Int64(i + 1)
                try commit(Batch(rideID: rideID, fixes: batch, events: [], state: state))
                batch.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Runs `body` (which returns the bytes it wrote) with the peak RSS reset before and read after.
    public static func measure(_ label: String, fixesRead: Int, _ body: () throws -> Int) throws -> Figure {
        resetPeakRSS()
        let start = monotonicNow(), cpuStart = cpuSeconds()
        let bytes = try body()
        let seconds = monotonicNow() - start, cpu = cpuSeconds() - cpuStart
        return Figure(label: label, fixesRead: fixesRead, seconds: seconds, cpuSeconds: cpu, peakRSSBytes: peakRSSBytes(), outputBytes: bytes)
    }

    public static func table(_ figures: [Figure], baselineRSSBytes: Int) -> String {
        var lines = ["format            ride fixes   seconds   fixes/s   CPU s   fixes/CPU-s   peak RSS (MB)   output (MB)",
                     "(fixes/s: the ride's fixes over the dump's time; a default dump decodes only accepted rows, --raw every row."
                        + " Peak RSS of the whole process, reset before each format; baseline before dumping: " + mb(baselineRSSBytes) + " MB)"]
        for f in figures {
            lines.append(f.label.padding(16) + String(f.fixesRead).leftPad(12) + fixed(f.seconds, 2).leftPad(10)
                         + String(Int(f.fixesPerSecond.rounded())).leftPad(10) + fixed(f.cpuSeconds, 2).leftPad(8)
                         + String(Int(f.fixesPerCPUSecond.rounded())).leftPad(14) + mb(f.peakRSSBytes).leftPad(16)
                         + mb(f.outputBytes).leftPad(14))
        }
        return lines.joined(separator: "\n")
    }

    /// VmHWM of this process, from /proc/self/status.
    public static func peakRSSBytes() -> Int { procStatus("VmHWM:") }
    public static func currentRSSBytes() -> Int { procStatus("VmRSS:") }

    /// Writing 5 to /proc/self/clear_refs resets VmHWM to the current RSS (Linux 4.0+).
    static func resetPeakRSS() {
        let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
    }

    static func procStatus(_ key: String) -> Int {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        guard n > 0 else { return 0 }
        let text = String(decoding: buffer[0..<n], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
        let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kb * 1024
    }

    /// User plus system CPU seconds of this process (getrusage).
    public static func cpuSeconds() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
    }

    /// Seconds on the monotonic clock.
    public static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private static func mb(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) }
    private static func fixed(_ v: Double, _ digits: Int) -> String {
        let p = power(10, Double(digits))
        let r = (v * p).rounded() / p
        var s = String(r)
        if let dot = s.firstIndex(of: ".") {
            let decimals = s.distance(from: dot, to: s.endIndex) - 1
            if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
        }
        return s
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    fileprivate func leftPad(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
