import Foundation
import Testing

/// Runs the page's pure replay script in Node: no DOM exists there, so a core that touched one
/// would throw. The script and data are the page's own text; only the query lines are ours.
enum ViewReplayNode {
    static let path: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":").map { "\($0)/node" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    static let skipReason: Comment = "node is not on PATH: the replay's script is not run (scripts/test installs nodejs)"

    /// What `RoamReplay.state` returns, with `RoamReplay.text` of it.
    struct State: Decodable {
        struct Text: Decodable { var elapsed, utc, speed, elevation, distance, status: String }
        var t: Double, utcMs: Double, status: String
        var segment: Int?
        var x: Double?, y: Double?
        var speedKmh: Double?, elevationM: Double?, distanceM: Double
        var inGap: Bool, cause: String?, paused: Bool
        var px: Double?, py: Double?
        var text: Text
    }

    struct Run: Decodable {
        var t0: Double
        var end: Double
        var states: [State]
    }

    static let harness = """

        ;(function () {
          var fs = require("fs");
          var m = RoamReplay.decode(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
          var times = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
          var states = times.map(function (t) { var s = RoamReplay.state(m, t); s.text = RoamReplay.text(s); return s; });
          process.stdout.write(JSON.stringify({ t0: m.t0, end: m.end, states: states }));
        })();
        """

    /// The states at `times` (seconds since the replay's start).
    static func run(_ fixture: ViewReplayFixture, times: [Double]) throws -> Run {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("replay.js"), data = dir.appendingPathComponent("data.json")
        let query = dir.appendingPathComponent("times.json")
        try (fixture.coreScript + harness).write(to: script, atomically: true, encoding: .utf8)
        try fixture.dataJSON.write(to: data, atomically: true, encoding: .utf8)
        try JSONEncoder().encode(times).write(to: query)
        let out = try node([script.path, data.path, query.path])
        return try JSONDecoder().decode(Run.self, from: out)
    }

    /// Node's standard output; throws with its standard error when it fails.
    static func node(_ arguments: [String]) throws -> Data {
        guard let path else { throw TrialSetupError(message: "node is not on PATH") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box(), group = DispatchGroup(), errHandle = err.fileHandleForReading
        DispatchQueue.global().async(group: group) { errBox.data = errHandle.readDataToEndOfFile() }
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw TrialSetupError(message: "node \(arguments.joined(separator: " ")) exited \(p.terminationStatus): "
                + String(decoding: errBox.data, as: UTF8.self))
        }
        return bytes
    }
}
