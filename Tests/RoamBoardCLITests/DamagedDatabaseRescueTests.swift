import Foundation
import Testing
@testable import RoamStore

/// A card with damaged pages in one ride: `check` says in words which rides can still be read and
/// how to save them, and `dump --all` writes every readable ride whole, names the other, exits 65
/// and writes nothing to the damaged file.
@Suite(.serialized) struct DamagedDatabaseRescueTests {
    /// Two bench rides, then random bytes over one leaf page in the middle of ride 1's fixes (found
    /// through SQLite's dbstat table, which walks the b-tree in key order).
    static func damagedDatabase(in dir: URL) throws -> String {
        let db = try HostileFixtures.recordedDatabase(in: dir)
        let second = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        guard second.status == 0 else { throw TrialSetupError(message: "second ride: \(second.stderr)") }
        let page: Int64
        do {
            let c = try SQLiteConnection(path: db, mode: .readWrite)
            try c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            let leaves = try c.prepare("SELECT pageno FROM dbstat WHERE name = 'fixes' AND pagetype = 'leaf' ORDER BY path LIMIT 1 OFFSET 100")
            guard try leaves.step() else { throw TrialSetupError(message: "no 100th leaf page of fixes in \(db)") }
            page = leaves.int64(at: 0)
        }
        let size = try HostileFixtures.pageSize(db)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: db))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((page - 1) * Int64(size)))
        try handle.write(contentsOf: HostileFixtures.randomBytes(size, seed: 0xDA_4A6E))
        try handle.synchronize()
        return db
    }

    @Test func checkNamesTheReadableRidesAndDumpSavesThem() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Self.damagedDatabase(in: dir)
        let before = try HostileFixtures.snapshot(db)

        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 65)
        #expect(check.stdout.contains("ride 1 (stopped): cannot be read completely: a damaged page after "), "\(check.stdout)")
        #expect(check.stdout.contains("ride 2 (stopped): can be read completely, 2191 fixes"), "\(check.stdout)")
        #expect(check.stdout.contains("1 of 2 rides can still be read in full"), "\(check.stdout)")
        #expect(!check.stdout.contains("btree") && !check.stderr.contains("'roam-board check' says"), "\(check.stdout)\(check.stderr)")

        let out = dir.appendingPathComponent("saved").path + "/"
        let dump = try CLIRunner.run(["dump", "--db", db, "--all", "--format", "gpx", "--out", out])
        #expect(dump.status == 65)
        #expect(dump.stderr.contains("ride 1 could not be read completely and was left out; 1 of 2 written whole"), "\(dump.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["20260614T073000Z-ride-2.gpx"])
        let saved = try String(contentsOfFile: out + "20260614T073000Z-ride-2.gpx", encoding: .utf8)
        // The bench ride keeps 905 of its 2191 fixes for distance; a GPX holds those.
        #expect(saved.components(separatedBy: "<trkpt ").count == 906 && saved.hasSuffix("</gpx>\n"))
        #expect(try HostileFixtures.snapshot(db) == before, "the damaged file was written to")
    }
}
