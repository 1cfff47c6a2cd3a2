import Foundation
import Testing

/// A file of a ride whose import from another file is unfinished: the part stored is no whole ride,
/// so the file is held back until that import is finished, in words that say so.
@Suite struct UnfinishedImportWordsTests {
    @Test("Another file of the ride while its import is unfinished: held back in words that name that import, exit 75")
    func anotherFileWaitsForTheUnfinishedImport() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try UnfinishedImportHandOverTests.unfinishedImport(into: db, in: dir).close()
        // The same ride in other bytes (other line endings), as a second device or app gives it.
        let phone = dir.appendingPathComponent("phone.gpx")
        try Data(ImportCommandTests.gpx(40).replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: phone)
        let r = try CLIRunner.run(["import", "--db", db, phone.path])
        #expect(r.status == 75, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "\(phone.path): ride 1, the unfinished import of ride.gpx (only part of that file is stored: "
            + "an import running now, or one cut short), follows this file's track where it has fixes; finish that import "
            + "(import ride.gpx again, unless it is running now), then import this file again; nothing done\n")
        #expect(r.stderr == "imported 0 of 1 file (1 held back)\nroam-board import: 1 file held back until an unfinished import "
            + "of the same ride is finished (see the lines above): import it again then\n")
        #expect(try CLIRunner.run(["rides", "--db", db, "--last-id"]).stdout == "1\n")
    }
}
