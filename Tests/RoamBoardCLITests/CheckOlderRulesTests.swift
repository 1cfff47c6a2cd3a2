import Foundation
import RoamCore
import Testing
@testable import RoamStore

/// `check` after an upgrade whose pipeline algorithm changed: a ride an older pipeline derived
/// differs from what this one derives by design. Every such ride was "INCONSISTENT" (exit 65) with
/// "fix N: flags: stored without moved-through-gap" when roam-pipeline/10 came: an upgrade made a
/// healthy card look damaged. The rows' own problems (a fix missing) are still problems.
@Suite struct CheckOlderRulesTests {
    /// The bench ride with one fix's flags changed, as an older rule would have left them, and the
    /// ride's stored algorithm set to `algorithm`; `deleteFix` also removes a fix from the middle.
    static func card(_ recorded: String, in dir: URL, algorithm: String, deleteFix: Bool = false) throws -> String {
        let db = dir.appendingPathComponent("\(algorithm.replacingOccurrences(of: "/", with: "-"))-\(deleteFix).db").path
        try FileManager.default.copyItem(atPath: recorded, toPath: db)
        let writer = try SQLiteConnection(path: db, mode: .readWrite)
        try writer.execute("UPDATE fixes SET flags = flags | \(FixFlags.paused.rawValue) WHERE seq = "
                           + "(SELECT MIN(seq) FROM fixes WHERE seq >= 40 AND flags & \(FixFlags.paused.rawValue) = 0)")
        var parameters = try #require(try RideReader(path: db).ride(id: 1)).parameters
        parameters.algorithm = algorithm
        let update = try writer.prepare("UPDATE rides SET parameters = ? WHERE id = 1")
        try update.bind(try PipelineJSON().packed(parameters, .parameters1), at: 1)
        _ = try update.step()
        // Damage: the schema keeps fixes from being deleted but by pruning (P4).
        if deleteFix { try writer.execute("DROP TRIGGER fixes_kept; DELETE FROM fixes WHERE ride_id = 1 AND seq = 100") }
        return db
    }

    @Test("a ride an older pipeline derived is said so, not called inconsistent; its own rows are still judged")
    func olderRulesAreSaidNotJudgedAsDamage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let recorded = try HostileFixtures.recordedDatabase(in: dir)

        let older = try CLIRunner.run(["check", "--db", try Self.card(recorded, in: dir, algorithm: "roam-pipeline/9")])
        #expect(older.status == 0, "exit \(older.status): \(older.stdout) \(older.stderr)")
        #expect(older.stdout.contains(": consistent, derived by older rules\n"), "\(older.stdout)")
        #expect(older.stdout.contains("  its flags and totals were derived by roam-pipeline/9; this roam-board derives them with "
                                      + "\(PipelineParameters().algorithm), whose rules differ, so they were not compared. "
                                      + "Nothing is lost: roam-board rederive --ride 1 recomputes them from the raw stream"), "\(older.stdout)")
        #expect(!older.stdout.contains("INCONSISTENT") && older.stdout.hasSuffix("\nconsistent\n"), "\(older.stdout)")

        // The same change under this release's own algorithm is damage, as before.
        let current = try CLIRunner.run(["check", "--db", try Self.card(recorded, in: dir, algorithm: PipelineParameters().algorithm)])
        #expect(current.status == 65 && current.stdout.contains("INCONSISTENT"), "\(current.stdout)")

        // A fix missing is the rows' own problem, whatever rules derived the columns.
        let gap = try CLIRunner.run(["check", "--db", try Self.card(recorded, in: dir, algorithm: "roam-pipeline/9", deleteFix: true)])
        #expect(gap.status == 65, "exit \(gap.status): \(gap.stdout)")
        #expect(gap.stdout.contains("INCONSISTENT") && gap.stdout.contains("  fixes 100...100 are missing"), "\(gap.stdout)")
    }
}
