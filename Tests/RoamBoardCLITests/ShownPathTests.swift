import Foundation
import Testing

/// A database path with a newline in its name is printed escaped (`FilePath.shown`) by every
/// command that names it, so the name cannot forge a second line of output or of the log.
@Suite struct ShownPathTests {
    static let name = "rides\nforged.db"
    static let shown = "rides\\nforged.db"

    static func expectOneLine(_ r: CLIRunner.Result, _ what: String) {
        let output = r.stdout + r.stderr
        #expect(!output.contains(name), "\(what) printed the newline as is: \(output)")
        #expect(output.contains(shown), "\(what) did not name the database escaped: \(output)")
    }

    @Test func pruneRecordAndCheckPrintANameWithANewlineOnOneLine() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent(Self.name).path
        let record = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db])
        #expect(record.status == 0, "\(record.stderr)")
        Self.expectOneLine(record, "record")
        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 0, "\(check.stderr)")
        Self.expectOneLine(check, "check")
        let prune = try CLIRunner.run(["prune", "--db", db, "--dumped-before", "2000-01-01"])
        #expect(prune.status == 0, "\(prune.stderr)")
        Self.expectOneLine(prune, "prune")
        let pruneRide = try CLIRunner.run(["prune", "--db", db, "--ride", "99"])
        Self.expectOneLine(pruneRide, "prune --ride")
        let missing = dir.appendingPathComponent("missing\nforged.db").path
        let checkMissing = try CLIRunner.run(["check", "--db", missing])
        #expect(checkMissing.status == 66, "\(checkMissing.stderr)")
        #expect(!checkMissing.stderr.contains("missing\nforged.db") && checkMissing.stderr.contains("missing\\nforged.db"), "\(checkMissing.stderr)")
    }
}
