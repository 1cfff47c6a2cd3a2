import Foundation
import Testing

/// A path a rider gave is said once per line, and a control character in it (a newline, an escape)
/// is printed escaped, so a file's name cannot forge a second line of output or of the log.
@Suite struct PathWordsTests {
    /// An empty GPX and a FIT file that is not one (gpsbabel's refusal, when it is installed): each
    /// is named once in its line, not "skipped X: X: …".
    @Test(arguments: ["empty.gpx", "broken.fit"])
    func importNamesASkippedFileOnce(name: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(name).path
        try Data(name.hasSuffix(".fit") ? Array("not a FIT file at all".utf8) : []).write(to: URL(fileURLWithPath: file))
        let r = try CLIRunner.run(["import", "--db", dir.appendingPathComponent("rides.db").path, file])
        #expect(r.status != 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").map(String.init).filter { $0.contains(file) }
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("import: skipped \(file)") && $0.components(separatedBy: file).count == 2 }, "\(r.stderr)")
    }

    /// `dump -o` with a newline and an escape in the name: the file is written under that name, and
    /// the name printed back is one line, the control characters escaped.
    @Test func dumpPrintsAControlCharacterInItsFileNameEscaped() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let file = f.directory.path + "/ride\nforged \u{1B}[2J.gpx"
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", file])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == f.directory.path + "/ride\\nforged \\x1b[2J.gpx\n", "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: file))
    }

    /// The same name in an error: one line, escaped.
    @Test func importSaysAControlCharacterInAFileNameEscaped() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.path + "/ride\nimport: imported 1 ride.gpx"
        try Data().write(to: URL(fileURLWithPath: file))
        let r = try CLIRunner.run(["import", "--db", dir.appendingPathComponent("rides.db").path, file])
        #expect(r.status != 0, "\(r.stderr)")
        #expect(!r.stderr.split(separator: "\n").contains { $0.hasPrefix("import: imported") }, "\(r.stderr)")
        #expect(r.stderr.contains("import: skipped \(dir.path)/ride\\nimport: imported 1 ride.gpx"), "\(r.stderr)")
    }
}
