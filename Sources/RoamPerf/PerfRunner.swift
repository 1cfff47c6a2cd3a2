import Glibc
import RoamBenchmarks
import RoamCommandLine

/// Runs one parsed roam-perf subcommand and prints its figures on stdout.
enum PerfRunner {
    static func run(_ p: ParsedArguments) throws {
        switch p.command {
        case "capture": try capture(p)
        case "parser": try parser(p)
        case "pipeline": try pipeline(p)
        case "ride-memory": try rideMemory(p)
        case "handover-memory": try handOverMemory(p)
        case "outage-memory": try outageMemory(p)
        default: throw UsageError(command: p.command, message: "subcommand '\(p.command)' is not implemented")
        }
    }

    private static func capture(_ p: ParsedArguments) throws {
        let out = p.value("--out")!
        let summary = try SimulatedCapture.write(sentences: try p.integer("--sentences") ?? 1_000_000, to: out, hz: try p.integer("--hz") ?? 1)
        print("\(out): \(summary.sentences) sentences, \(summary.epochs) epochs, \(summary.bytes) bytes")
    }

    private static func parser(_ p: ParsedArguments) throws {
        let file = p.value("--file")!, gpsdecode = p.value("--gpsdecode") ?? "/usr/bin/gpsdecode"
        let runs = try p.integer("--runs") ?? 5
        guard access(gpsdecode, X_OK) == 0 else {
            throw BenchmarkError(step: "finding", subject: gpsdecode, reason: "not executable (Debian package gpsd-clients)")
        }
        let r = try ParserBenchmark.compare(file: file, runs: runs, gpsdecode: gpsdecode)
        let c = r.count
        print("NMEA parser beside gpsdecode  (\(file): \(c.bytes) bytes, \(c.sentencesAccepted) sentences accepted, "
              + "\(c.rejected) rejected, \(c.epochs) epochs; medians of \(runs) alternating runs)")
        print(row("side", "CPU s", "sentences/s (CPU)", "wall s", "sentences/s (wall)"))
        print(row("ours: NMEAStream, release", fixed(r.oursCPUS, 3), fixed(r.sentencesPerSecond(r.oursCPUS), 0),
                  fixed(r.oursWallS, 3), fixed(r.sentencesPerSecond(r.oursWallS), 0)))
        print(row("gpsdecode \(ParserBenchmark.arguments.joined(separator: " ")) > /dev/null", fixed(r.gpsdecodeCPUS, 3),
                  fixed(r.sentencesPerSecond(r.gpsdecodeCPUS), 0), fixed(r.gpsdecodeWallS, 3),
                  fixed(r.sentencesPerSecond(r.gpsdecodeWallS), 0)))
        print("ratio gpsdecode/ours, median of per-run ratios: CPU \(fixed(r.cpuRatio, 2))x, wall \(fixed(r.wallRatio, 2))x (goal >= 2)")
        print("per run (ours / gpsdecode CPU s): " + zip(r.ours, r.gpsdecode).map { "\(fixed($0.cpuS, 2))/\(fixed($1.cpuS, 2))" }.joined(separator: "  "))
        if let check = p.value("--check-output") {
            let reports = try ParserBenchmark.gpsdecodeReports(file: file, gpsdecode: gpsdecode, output: check)
            print("gpsdecode wrote \(reports.lines) JSON reports, \(reports.tpv) of them TPV; we assembled \(c.epochs) epochs")
        }
    }

    private static func pipeline(_ p: ParsedArguments) throws {
        guard let epochs = try p.integer("--epochs"), epochs >= 0 else {
            throw UsageError(command: p.command, message: "--epochs expects a count >= 0")
        }
        let capacity = try p.integer("--capacity") ?? epochs
        guard capacity >= epochs else { throw UsageError(command: p.command, message: "--capacity must be at least --epochs") }
        let workload = PipelineWorkload(capacity: capacity)
        let d = workload.run(epochs: epochs)
        print("epochs \(d.epochs) fixes \(d.fixes) flagged \(d.flagged) events \(d.events) distance_m \(fixed(d.distanceM, 1))")
    }

    private static func row(_ a: String, _ b: String, _ c: String, _ d: String, _ e: String) -> String {
        a.padded(to: 30) + b.padded(to: 10) + c.padded(to: 20) + d.padded(to: 10) + e
    }

    static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (x * scale).rounded() / scale
        if digits == 0 { return String(Int64(r)) }
        let whole = Int64(r.magnitude), frac = Int64(((r.magnitude - Double(whole)) * scale).rounded())
        let f = String(frac)
        return (r < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - f.count) + f
    }
}
