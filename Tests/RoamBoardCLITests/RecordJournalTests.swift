import Foundation
import Glibc
import RoamCore
import RoamHardware
import RoamStore
import Testing

/// `record`'s standard error read as the journal keeps it (a pipe, not a terminal): the unit runs
/// it with --quiet, so the ride's end must carry its totals; without --quiet,
/// a progress line per 5 minutes of ride, not one per commit; a resume says what it kept.
@Suite(.serialized) struct RecordJournalTests {
    static func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test("quiet, as the unit runs it: the stop line names the ride's fixes, distance and moving time")
    func quietStopSaysTheTotals() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let run = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let ride = try #require(try RideReader(path: db).rides().last)
        let stop = Self.lines(run.stderr).first { $0.hasPrefix("ride \(ride.id): stopped") } ?? ""
        #expect(stop.contains("\(ride.totals.fixCount) fixes, ") && stop.contains(" km") && stop.contains("moving 0:"), "\(run.stderr)")
    }

    @Test("not quiet, off a terminal: one progress line per 5 minutes of ride")
    func plainProgressIsOnePer5Minutes() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let run = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db])
        #expect(run.status == 0, "\(run.stderr)")
        let ride = try #require(try RideReader(path: db).rides().last)
        let progress = Self.lines(run.stderr).filter { $0.hasPrefix("ride \(ride.id): ") && $0.contains(" fixes, ") && !$0.contains("stopped") }
        // At most one per 5-minute slot of ride time; fewer when one batch spans a slot (a loaded
        // machine batches a fast replay's epochs more coarsely). Before: one per commit.
        let slots = Int(ride.totals.elapsedS / 300) + 1
        #expect(progress.count >= 1 && progress.count <= slots, "\(progress.count) lines for \(ride.totals.elapsedS) s of ride: \(run.stderr)")
    }

    @Test("SIGKILL mid-ride, then a restart: the resume line says what was kept")
    func resumeSaysWhatWasKept() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let kept = try Self.interruptedRide(db: db)
        let args = ["record", "--board", "Boards/bench", "--db", db, "--realtime", "--acks", "--quiet"]
        let second = try TrialChild(TrialPaths.binary, args)
        let said = second.waitForStderr(containing: "resumed after a restart", timeoutS: 60)
        kill(second.pid, SIGTERM)
        _ = second.finish()
        let line = second.stderrLines.first { $0.contains("resumed after a restart") } ?? ""
        #expect(said && line.hasPrefix("ride \(kept.id): ") && line.contains("kept from before: \(kept.totals.fixCount) fixes, "),
                "\(second.stderrLines)")
        // What the ride held before the cut: its gaps then, not the restart's gap recorded just now.
        #expect(line.hasSuffix(", " + Plural.count(kept.totals.gapCount, "gap")), "\(line) (the row held \(kept.totals.gapCount))")
    }

    @Test("SIGTERM to the bench's record (kill, systemctl stop) says the stop as SIGINT does, and exits 0")
    func sigtermOnTheBenchSaysTheStop() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let child = try TrialChild(TrialPaths.binary, ["record", "--board", "Boards/bench", "--db", db, "--realtime", "--acks", "--quiet"])
        try #require(child.wait { out, _ in out.contains { $0.hasPrefix("ack ") } }, "\(child.stderrLines)")
        kill(child.pid, SIGTERM)
        #expect(child.finish() == 0, "\(child.stderrLines)")
        let ride = try #require(try RideReader(path: db).rides().last)
        let last = child.stderrLines.last ?? ""
        #expect(last == "roam-board record: stopped by signal 15; everything read is committed; ride \(ride.id) goes on at the next start, after a gap",
                "\(child.stderrLines)")
    }

    @Test("systemctl stop (SIGTERM) on a board with a ride recording: the last line says the ride goes on at the next start")
    func sigtermNamesTheRideThatGoesOn() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let pty = try PseudoTerminal()
        let board = try SelftestCommandTests.boardFolder(uart: pty.secondaryPath, dataDir: dir)
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let ride = try Self.interruptedRide(db: db)
        let child = try TrialChild(TrialPaths.binary, ["record", "--board", board.path, "--db", db, "--quiet"])
        let resumed = child.waitForStderr(containing: "resumed after a restart", timeoutS: 60)
        kill(child.pid, SIGTERM)
        _ = child.finish()
        let last = child.stderrLines.last { $0.contains("stopped by signal 15") } ?? ""
        #expect(resumed && last.contains("ride \(ride.id) goes on at the next start"), "\(child.stderrLines)")
    }

    /// A bench ride cut by SIGKILL after two acknowledged batches with fixes: left recording.
    static func interruptedRide(db: String) throws -> RideRow {
        let first = try TrialChild(TrialPaths.binary, ["record", "--board", "Boards/bench", "--db", db, "--realtime", "--acks", "--quiet"])
        try #require(first.wait { out, _ in out.filter { $0.contains("fixes=1") }.count >= 2 }, "\(first.stderrLines)")
        first.kill()
        return try #require(try RideReader(path: db).rides().last)
    }
}
