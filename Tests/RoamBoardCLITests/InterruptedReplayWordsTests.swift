import Foundation
import RoamStore
import Testing

/// After Ctrl-C during a replay, `record` said the ride "goes on at the next start", `rides` that it
/// "resumes on next start", `dump` that it "is still recording" and `prune` to "stop it with the
/// button first": the next replay (or `record`) closes it instead. Each now says that.
@Suite struct InterruptedReplayWordsTests {
    @Test("a replay stopped by Ctrl-C: record, rides, dump and prune say the next replay or record closes its ride")
    func everyCommandSaysTheNextStartClosesIt() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ride.gpx")
        try ReplayInterruptTests.track().write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let stopped = try ReplayInterruptTests.ctrlC(replaying: file, into: db, afterAcks: 1)
        #expect(stopped.status == 130, "a replay cut short by Ctrl-C exits 130: \(stopped.stderr)")
        let ride = try #require(try RideReader(path: db).rides().last)
        try #require(ride.state == .recording, "the Ctrl-C did not leave the ride recording")
        let closes = "the next replay or record closes it"
        #expect(stopped.stderr.last?.hasSuffix("ride \(ride.id) is left interrupted: \(closes)") == true, "\(stopped.stderr)")

        let rides = try CLIRunner.run(["rides", "--db", db])
        let lines = rides.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count >= 2, "\(rides.stdout)")
        #expect(lines[1].contains("interrupted replay (closed on next start)"), "\(lines[1])")
        func column(_ line: String, _ text: String) -> Int? { line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        #expect(column(lines[0], "start (UTC)") == column(lines[1], "2024-05-01T10:00:00"), "columns shifted:\n\(rides.stdout)")

        let dump = try CLIRunner.run(["dump", "--db", db, "--not-dumped", "--format", "gpx", "-o", dir.path + "/out/"])
        #expect(dump.stderr.contains("ride \(ride.id) was left interrupted by a replay: skipped until it is closed (\(closes))")
                && !dump.stderr.contains("still recording"), "\(dump.stderr)")
        let prune = try CLIRunner.run(["prune", "--db", db, "--ride", "\(ride.id)", "--not-dumped-too"])
        #expect(prune.status == 65, "\(prune.stderr)")
        #expect(prune.stderr.contains("ride \(ride.id) was left interrupted by a replay: \(closes); then prune it")
                && !prune.stderr.contains("button"), "\(prune.stderr)")
    }
}
