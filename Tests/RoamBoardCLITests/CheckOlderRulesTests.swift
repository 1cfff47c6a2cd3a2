import Foundation
import RoamCore
import Testing
@testable import RoamStore

/// `check` after an upgrade whose pipeline brought a flag: a ride an older pipeline derived lacks
/// it, and only it. When roam-pipeline/10 brought `moved-through-gap`, every older ride with a gap
/// ridden through was "INCONSISTENT" (exit 65), "stored without moved-through-gap": an upgrade made
/// a healthy card look damaged. Everything else is judged as before, whoever derived the ride.
@Suite struct CheckOlderRulesTests {
    static let gapFlag = FixFlags.movedThroughGap.rawValue

    /// The bench ride as roam-pipeline/9 stored it: no fix carries the flag /10 brought, and the
    /// ride names `algorithm`. `damage` is SQL run on it after.
    static func card(_ recorded: String, in dir: URL, name: String, algorithm: String, damage: String? = nil) throws -> String {
        let db = dir.appendingPathComponent("\(name).db").path
        try FileManager.default.copyItem(atPath: recorded, toPath: db)
        let writer = try SQLiteConnection(path: db, mode: .readWrite)
        try writer.execute("UPDATE fixes SET flags = flags & ~\(gapFlag)")
        var parameters = try #require(try RideReader(path: db).ride(id: 1)).parameters
        parameters.algorithm = algorithm
        let update = try writer.prepare("UPDATE rides SET parameters = ? WHERE id = 1")
        try update.bind(try PipelineJSON().packed(parameters, .parameters1), at: 1)
        _ = try update.step()
        if let damage { try writer.execute(damage) }
        return db
    }

    @Test("an older pipeline's ride is judged without the flags brought since, and on everything else")
    func anOlderRideLacksOnlyTheNewFlag() throws {
        #expect(FixFlags.unknown(to: "roam-pipeline/9") == .movedThroughGap && FixFlags.unknown(to: "roam-pipeline/4") == .movedThroughGap)
        #expect(FixFlags.unknown(to: PipelineParameters().algorithm).isEmpty && FixFlags.unknown(to: "roam-pipeline/11").isEmpty)
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let recorded = try HostileFixtures.recordedDatabase(in: dir)
        let reader = try SQLiteConnection(path: recorded, mode: .readOnly)
        let flagged = try reader.prepare("SELECT count(*) FROM fixes WHERE flags & \(Self.gapFlag) != 0")
        _ = try flagged.step()
        #expect(flagged.int64(at: 0) >= 1, "the bench ride's tunnel is ridden through: its first fix after carries the flag")

        let older = try CLIRunner.run(["check", "--db", try Self.card(recorded, in: dir, name: "older", algorithm: "roam-pipeline/9")])
        #expect(older.status == 0 && older.stdout.hasSuffix("\nconsistent\n"), "exit \(older.status): \(older.stdout) \(older.stderr)")

        // Without the flag under this release's own name, it is a difference, as any other.
        let current = try CLIRunner.run(["check", "--db", try Self.card(recorded, in: dir, name: "current", algorithm: PipelineParameters().algorithm)])
        #expect(current.status == 65 && current.stdout.contains("flags: stored without moved-through-gap"), "\(current.stdout)")

        // An older ride's totals and its other flags are still judged.
        let totals = try CLIRunner.run(["check", "--db", try Self.card(recorded, in: dir, name: "totals", algorithm: "roam-pipeline/9",
                                                                       damage: "UPDATE rides SET distance_m = distance_m + 5000")])
        #expect(totals.status == 65 && totals.stdout.contains("INCONSISTENT") && totals.stdout.contains("distanceM"), "\(totals.stdout)")
        let paused = FixFlags.paused.rawValue
        let flags = try CLIRunner.run(["check", "--db", try Self.card(recorded, in: dir, name: "flags", algorithm: "roam-pipeline/9",
                                                                      damage: "UPDATE fixes SET flags = flags | \(paused) WHERE seq = "
                                                                          + "(SELECT MIN(seq) FROM fixes WHERE seq >= 40 AND flags & \(paused) = 0)")])
        #expect(flags.status == 65 && flags.stdout.contains("flags: stored with paused"), "\(flags.stdout)")
    }
}
