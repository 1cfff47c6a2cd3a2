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

    /// `dump`'s and `drive-image`'s own words escape what they name too: the database a ride is not
    /// in, the database with nothing left to dump, an --out they refuse, and the image they built
    /// (each was printed as it is, its newline forging a second line).
    @Test func dumpAndDriveImagePrintANameWithANewlineOnOneLine() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent(Self.name).path
        let record = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(record.status == 0, "\(record.stderr)")
        let noRide = try CLIRunner.run(["dump", "--db", db, "--format", "gpx", "--ride", "99"])
        #expect(noRide.status == 65, "\(noRide.stderr)")
        Self.expectOneLine(noRide, "dump --ride 99")
        let folder = dir.appendingPathComponent("out\nforged").path + "/"
        let first = try CLIRunner.run(["dump", "--db", db, "--format", "gpx", "--not-dumped", "--out", folder])
        #expect(first.status == 0, "\(first.stderr)")
        let nothingLeft = try CLIRunner.run(["dump", "--db", db, "--format", "gpx", "--not-dumped", "--out", folder])
        #expect(nothingLeft.status == 0 && nothingLeft.stderr.contains("no ride to dump in "), "\(nothingLeft.stderr)")
        Self.expectOneLine(nothingLeft, "dump with nothing left to dump")
        let text = dir.appendingPathComponent("ride\nforged.txt").path
        let refused = try CLIRunner.run(["dump", "--db", db, "--format", "gpx", "--ride", "1", "--out", text])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(!refused.stderr.contains("ride\nforged") && refused.stderr.contains("ride\\nforged.txt ends in .txt")
                && refused.stderr.contains("name a file \(dir.path)/ride\\nforged.gpx"), "\(refused.stderr)")
        let image = dir.appendingPathComponent("drive\nforged.img").path
        let drive = try CLIRunner.run(["drive-image", "--db", db, "--image", image])
        #expect(drive.status == 0, "\(drive.stderr)")
        #expect(!(drive.stdout + drive.stderr).contains("drive\nforged"), "\(drive.stdout)\(drive.stderr)")
        #expect(drive.stdout == "\(dir.path)/drive\\nforged.img: 1 ride on the drive (3 files)\n", "\(drive.stdout)")
    }
}
