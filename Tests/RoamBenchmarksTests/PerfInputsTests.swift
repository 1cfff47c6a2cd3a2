import Foundation
import RoamBenchmarks
import RoamSimulator
import RoamCore
import RoamTestSupport
import Testing

/// The inputs and counters behind scripts/bench-parser and scripts/bench-cpu. Nothing here is
/// timed: these check that the benchmarks measure what they claim to.
@Suite struct PerfInputsTests {
    @Test func lapsKeepTheClockRunningAndChangeTheNoise() {
        let lap = RideSimulation().seconds
        let seconds = Array(RideLaps().prefix(lap.count + 2))
        #expect(Array(seconds.prefix(lap.count)) == lap, "the first lap is the bench ride itself")
        for (a, b) in zip(seconds, seconds.dropFirst()) { #expect(b.utcMs == a.utcMs + 1000) }
        // The second lap starts at the route's start again, with other receiver noise.
        #expect(seconds[lap.count].truth == lap[0].truth)
        #expect(seconds[lap.count].nmea != lap[0].nmea)
    }

    @Test func captureHoldsWholeEpochsAndParsesWithoutALoss() throws {
        let dir = try Self.scratch()
        defer { Self.remove(dir) }
        let path = dir.appendingPathComponent("capture.nmea").path
        let summary = try SimulatedCapture.write(sentences: 402, to: path)
        // Four sentences per epoch: 402 rounds up to 101 whole epochs.
        let bytes = try Self.size(path)
        #expect(summary == SimulatedCapture.Summary(sentences: 404, epochs: 101, bytes: bytes))
        let count = try ParserBenchmark.parse(file: path)
        #expect(count == ParserBenchmark.Count(bytes: summary.bytes, sentencesAccepted: 404, rejected: 0, epochs: 101))
    }

    @Test func parseNamesTheFileItCannotOpen() {
        #expect(throws: BenchmarkError(step: "opening", subject: "/nonexistent/capture.nmea", reason: "No such file or directory")) {
            try ParserBenchmark.parse(file: "/nonexistent/capture.nmea")
        }
    }

    @Test func gpsdecodeReportsCountLinesAndTPVReports() throws {
        // A stand-in decoder that copies stdin to stdout, fed gpsd-style JSON lines.
        let dir = try Self.scratch()
        defer { Self.remove(dir) }
        let fake = dir.appendingPathComponent("fake-gpsdecode").path
        try "#!/bin/sh\nexec cat\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let input = dir.appendingPathComponent("reports.json").path
        try """
        {"class":"TPV","device":"stdin","mode":3}
        {"class":"GST","device":"stdin"}
        {"class":"SKY","device":"stdin","note":"{\\"class\\":\\"TPV\\"}"}
        {"class":"TPV","device":"stdin","mode":2}

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let reports = try ParserBenchmark.gpsdecodeReports(file: input, gpsdecode: fake,
                                                           output: dir.appendingPathComponent("out.json").path)
        #expect(reports.lines == 4)
        #expect(reports.tpv == 2)
    }

    @Test func childThatFailsIsAnErrorWithItsStatus() throws {
        // Caught by hand: in Swift 6.0 `#expect(throws:)` does not return the error.
        do throws(BenchmarkError) {
            _ = try ProcessTimes.run("/bin/false", [], stdin: "/dev/null", stdout: "/dev/null")
            Issue.record("a child that exits 1 was not reported as an error")
        } catch {
            #expect(error.reason == "exit status 1")
        }
    }

    @Test("ride-memory's real-time feed writes every epoch whole and in order, as the fast one does")
    func realTimeFeedWritesTheSameBytes() throws {
        let dir = try Self.scratch()
        defer { Self.remove(dir) }
        var copies: [[UInt8]] = []
        for realTime in [false, true] {
            let out = dir.appendingPathComponent("fed-\(realTime).nmea").path
            let r = try RecorderMemoryBenchmark.run("/bin/sh", ["-c", "exec cat > \(out)"], laps: HighRateLaps(hz: 20), epochs: 6,
                                                    stderrPath: "/dev/null", realTime: realTime)
            #expect(r.exitStatus == 0 && r.epochsWritten == 6)
            copies.append(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        }
        #expect(copies[1] == Array(HighRateLaps(hz: 20).prefix(6).joined()))
        #expect(copies[1] == copies[0])
    }

    @Test("the recorder's peak is its own: not the resident set its parent had when it spawned it")
    func peakIsTheChildsOwn() throws {
        // 64 MiB touched here: a child spawned now has this address space until its exec, and
        // wait4's ru_maxrss counts it for the child.
        let ballast = [UInt8](repeating: 1, count: 64 << 20)
        let ownRSS = DumpBenchmark.currentRSSBytes()
        let r = try RecorderMemoryBenchmark.run("/bin/sh", ["-c", "exec cat > /dev/null"], laps: HighRateLaps(hz: 20), epochs: 4,
                                                stderrPath: "/dev/null")
        withExtendedLifetime(ballast) {}
        #expect(ownRSS > 64 << 20)
        #expect(r.peakRSSBytes > 0)
        #expect(r.peakRSSBytes < ownRSS / 4, "cat's peak \(r.peakRSSBytes) B beside this process's \(ownRSS) B")
    }

    @Test("handover-memory's peak of a step is the step's own, as GNU time reports it, not its spawner's",
          .needs(access(HandOverMemoryBenchmark.time, X_OK) == 0, "no GNU time (Debian package time)"))
    func handOverPeakIsTheStepsOwn() throws {
        let ballast = [UInt8](repeating: 1, count: 64 << 20)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("roam-peak-\(UUID().uuidString).log").path
        defer { unlink(log); unlink(log + ".peak") }
        let kib = try HandOverMemoryBenchmark.peakKiB("/bin/cat", ["/dev/null"], log: log)
        withExtendedLifetime(ballast) {}
        #expect(DumpBenchmark.currentRSSBytes() > 64 << 20)
        #expect(kib > 0 && kib < 16 << 10, "cat's peak \(kib) KiB beside this process's 64 MiB of ballast")
    }

    @Test func workloadRunsExactlyTheEpochsAskedFor() {
        let workload = PipelineWorkload(capacity: 300)
        let all = workload.run(epochs: 300), some = workload.run(epochs: 120)
        #expect(all.epochs == 300 && all.fixes == 300)
        #expect(some.epochs == 120 && some.fixes == 120)
        #expect(all.distanceM > some.distanceM && some.distanceM > 0)
        #expect(workload.run(epochs: 120) == some, "the same epochs give the same digest")
    }

    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-perf-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func remove(_ dir: URL) {
        do { try FileManager.default.removeItem(at: dir) } catch { Issue.record("could not remove \(dir.path): \(error)") }
    }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }
}
