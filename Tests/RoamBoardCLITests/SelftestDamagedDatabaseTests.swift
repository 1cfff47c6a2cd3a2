import Foundation
import RoamCore
import Testing

/// Issue 26: a damaged database went unnoticed: `selftest` said the data folder OK, and `record`
/// recorded into it. `selftest` reads every page (SQLite's quick check) and fails a damaged file in
/// words (a NOTE: the devices gate the recorder): how many rides still read whole and how to save them; an intact
/// one is said OK, and a board with no database yet says nothing of it.
@Suite(.serialized) struct SelftestDamagedDatabaseTests {
    /// A copy of the bench board whose data directory is `data`.
    static func board(data: URL, in dir: URL) throws -> URL {
        let board = dir.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: board, withIntermediateDirectories: true)
        let bench = try String(contentsOfFile: "Boards/bench/board.conf", encoding: .utf8)
        let conf = bench.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("data_dir") }
            .joined(separator: "\n") + "\ndata_dir = \(data.path)\n"
        try conf.write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        return board
    }

    static func databaseLine(_ stdout: String) -> String {
        stdout.split(separator: "\n").first { $0.contains(" database ") }.map(String.init) ?? ""
    }

    @Test func aDamagedDatabaseFailsInWordsAndAnIntactOneIsOK() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let board = try Self.board(data: data, in: dir)

        let none = try CLIRunner.run(["selftest", "--board", board.path])
        #expect(none.status == 0, "\(none.stdout)\(none.stderr)")
        #expect(Self.databaseLine(none.stdout).isEmpty, "\(none.stdout)")

        let damaged = try DamagedDatabaseRescueTests.damagedDatabase(in: dir)
        let db = data.appendingPathComponent("rides.db").path
        try FileManager.default.moveItem(atPath: damaged, toPath: db)
        let noted = try CLIRunner.run(["selftest", "--board", board.path])
        // A NOTE, not a FAIL: selftest gates the recorder on its devices, and a damaged file loses nothing silently.
        #expect(noted.status == 0, "\(noted.stdout)\(noted.stderr)")
        let line = Self.databaseLine(noted.stdout)
        #expect(line.hasPrefix("NOTE") && line.contains(" database \(db): damaged (SQLite's quick check): 1 of 2 rides can still be read in full"),
                "\(noted.stdout)")
        #expect(line.contains("dump --db \(db) --all") && line.contains("check --db \(db)"), "\(line)")
        #expect(!noted.stdout.contains("btree") && !noted.stdout.contains("Page ") && !noted.stdout.contains("SQLite error"), "\(noted.stdout)")

        // Bytes that are no database at all: said in words, not SQLite's.
        for file in [db, db + "-wal", db + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: URL(fileURLWithPath: db))
        let junk = try CLIRunner.run(["selftest", "--board", board.path])
        #expect(junk.status == 0, "\(junk.stdout)\(junk.stderr)")
        let junkLine = Self.databaseLine(junk.stdout)
        #expect(junkLine.hasPrefix("NOTE") && junkLine.contains("damaged: it cannot be read as a roam-board database at all"), "\(junk.stdout)")
        #expect(!junk.stdout.contains("SQLite error") && !junk.stdout.contains("PRAGMA"), "\(junk.stdout)")

        let fresh = dir.appendingPathComponent("fresh")
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        let intactDB = try HostileFixtures.recordedDatabase(in: fresh)
        for file in [db, db + "-wal", db + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
        try FileManager.default.moveItem(atPath: intactDB, toPath: db)
        let ok = try CLIRunner.run(["selftest", "--board", board.path])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        let okLine = Self.databaseLine(ok.stdout)
        #expect(okLine.hasPrefix("OK ") && okLine.contains(" database \(db): intact"), "\(ok.stdout)")
        // The check reads the whole file (a season's: a minute or more on a Pi), said as it starts.
        let size = ByteSize.text(Int64(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int ?? -1))
        #expect(ok.stderr.contains("checking \(db) (\(size)): SQLite's quick check reads the whole file, a few seconds at most\n"),
                "\(ok.stderr)")
    }
}
