import Foundation
import RoamTestSupport
import Testing

/// docs/FORMATS.md: a FIT file's timer events add up to the session's total_timer_time, which is
/// `show`'s moving time. Before, the timer restarted after a pause only at the next exported fix,
/// so the fixes under the distance gate between them were moving time the timer missed (the 10 Hz
/// bench ride 1 946 s of 1 949 s, the FR645M's 11 269 s of 11 384 s); and it stopped at a pause's
/// first fix and started at the first fix after it, where moving time runs from the fix before
/// the first and from the last paused one: even on a 1 s track, not on one recorded every few
/// seconds (the Edge 530's smart recording ran 3 378 s of 3 375 s).
@Suite(.serialized, .needs(Judge.isAvailable, Judge.skipReason))
struct FITTimerSumTests {
    static let rides = CLIRunner.repoRoot.appendingPathComponent("Tests/Data/rides")

    struct Sums: CustomStringConvertible {
        var events: Int
        var totalTimerS: Int
        var shownS: Int
        var description: String { "timer events \(events) s, total_timer_time \(totalTimerS) s, show's moving \(shownS) s" }
    }

    /// The ride's FIT judged by Garmin's SDK beside `show`'s moving time.
    static func sums(db: String, ride: Int, in dir: URL) throws -> Sums {
        let fit = dir.appendingPathComponent("ride-\(ride).fit").path
        let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "\(ride)", "--format", "fit", "--out", fit])
        try #require(dump.status == 0, "dump exited \(dump.status): \(dump.stderr)")
        let verdict = try #require(try Judge.verdicts("fit_judge.py", [fit])[fit])
        let events = try #require(verdict["timer_events"] as? [[Any]])
        let run = try FITTimerRun(events)
        let running = run.seconds
        #expect(!run.leftRunning, "the timer was left running: \(events)")
        let session = try #require(verdict["session"] as? [String: Any])
        let timer = try #require(session["total_timer_time"] as? Double)
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "\(ride)"])
        try #require(show.status == 0, "show exited \(show.status): \(show.stderr)")
        let moving = try #require(show.stdout.split(separator: "\n").first { $0.contains("moving ") })
        let clock = try #require(moving.split(separator: " ").dropFirst().first { $0.contains(":") })
        let shownS = clock.split(separator: ":").compactMap { Int($0) }.reduce(0) { $0 * 60 + $1 }
        return Sums(events: running, totalTimerS: Int(timer.rounded()), shownS: shownS)
    }

    /// Before: timer events 1 946 s, total_timer_time and show 1 949 s.
    @Test func theTenHertzBenchRidesTimerAddsUpToItsMovingTime() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = dir.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: board, withIntermediateDirectories: true)
        let conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        try #require(conf.contains("rate_hz = 1\n"))
        try conf.replacingOccurrences(of: "rate_hz = 1\n", with: "rate_hz = 10\n")
            .write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let record = try CLIRunner.run(["record", "--board", board.path, "--db", db, "--quiet"])
        try #require(record.status == 0, "record exited \(record.status): \(record.stderr)")
        let sums = try Self.sums(db: db, ride: 1, in: dir)
        #expect(sums.events == sums.totalTimerS && sums.totalTimerS == sums.shownS, "\(sums)")
    }

    /// Before: FR645M 11 269 s of 11 384; Edge 530 (2020) 8 701 of 8 727; Edge 530 (2022) 3 378 of 3 375.
    @Test(arguments: ["fr645m-2020-10-25.fit", "edge530-2020-11-07.fit", "edge530-2022-11-26.fit"])
    func anImportedRidesTimerAddsUpToItsMovingTime(_ file: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: RealRideTruthTests.gpsbabel),
                     "gpsbabel is missing: install Debian's 'gpsbabel' package (scripts/test does)")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let imported = try CLIRunner.run(["import", "--db", db, Self.rides.appendingPathComponent(file).path])
        try #require(imported.status == 0, "import exited \(imported.status): \(imported.stderr)")
        let sums = try Self.sums(db: db, ride: 1, in: dir)
        #expect(sums.events == sums.totalTimerS && sums.totalTimerS == sums.shownS, "\(file): \(sums)")
    }
}
