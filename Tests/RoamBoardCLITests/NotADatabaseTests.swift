import Foundation
import Testing

/// A `--db` that names a file which is not SQLite at all (a GPX, a text file: a mistyped path) was
/// called "damaged or not a roam-board database", with the rescue `dump --all` as what to do, and
/// that command said the same of itself. It is now said to be no database, with what to check.
@Suite struct NotADatabaseTests {
    @Test func aFileThatIsNotSQLiteIsNotCalledDamaged() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("ride.gpx").path
        try Data("<?xml version=\"1.0\"?><gpx version=\"1.1\"></gpx>\n".utf8).write(to: URL(fileURLWithPath: path))
        for args in [["rides"], ["show", "--ride", "1"], ["check"], ["dump", "--all", "--format", "fit", "-o", dir.path + "/out/"]] {
            let r = try CLIRunner.run(args + ["--db", path])
            #expect(r.status == 65, "\(args): \(r.stderr)")
            #expect(r.stderr.contains("ride.gpx is not a roam-board database: it is not an SQLite file at all: check --db/--board"), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("damaged"), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("dump --all"), "\(args): \(r.stderr)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"), "the file was left as it was")
    }
}
