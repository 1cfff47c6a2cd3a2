import Foundation
import Glibc
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

    /// A database whose head was zeroed (page 1 is rewritten at every checkpoint: a card's likely
    /// damage) is damaged, not "not an SQLite file": its rides may still be saved.
    @Test func aZeroedHeadIsDamageNotAnotherFile() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let fd = open(f.dbPath, O_WRONLY)
        try #require(fd >= 0)
        let zeros = [UInt8](repeating: 0, count: 100)
        #expect(pwrite(fd, zeros, zeros.count, 0) == zeros.count)
        close(fd)
        let r = try CLIRunner.run(["rides", "--db", f.dbPath])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("is damaged or not a roam-board database"), "\(r.stderr)")
        #expect(!r.stderr.contains("not an SQLite file at all"), "\(r.stderr)")
    }
}
