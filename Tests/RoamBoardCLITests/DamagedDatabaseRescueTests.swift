import Foundation
import Testing
@testable import RoamStore

/// A card with damaged pages in one ride: `check` says in words which rides can still be read and
/// how to save them, and `dump --all` writes every readable ride whole, names the other, exits 65
/// and writes nothing to the damaged file.
@Suite(.serialized) struct DamagedDatabaseRescueTests {
    /// Two bench rides, then random bytes over one leaf page in the middle of ride 1's fixes (found
    /// through SQLite's dbstat table, which walks the b-tree in key order), or over the page of `query`.
    static func damagedDatabase(in dir: URL,
                                page query: String = "SELECT pageno FROM dbstat WHERE name = 'fixes' AND pagetype = 'leaf' ORDER BY path LIMIT 1 OFFSET 100") throws -> String {
        let db = try HostileFixtures.recordedDatabase(in: dir)
        let second = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        guard second.status == 0 else { throw TrialSetupError(message: "second ride: \(second.stderr)") }
        let page: Int64
        do {
            let c = try SQLiteConnection(path: db, mode: .readWrite)
            try c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            let pages = try c.prepare(query)
            guard try pages.step() else { throw TrialSetupError(message: "no page for \(query) in \(db)") }
            page = pages.int64(at: 0)
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
        #expect(check.stdout.contains("1 of 2 rides can still be read in full; save them before anything else: "
                                      + "roam-board dump --all --format fit -o DIR/ (the others are named and left out)"), "\(check.stdout)")
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

    /// Issue 26: with only the list of rides damaged (the rides table's one page), `check` said no ride
    /// could be saved, while every fix could still be read: a rider told so may throw away the card.
    @Test func ridesAreFoundFromTheirFixesWhenTheListIsDamaged() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Self.damagedDatabase(in: dir, page: "SELECT rootpage FROM sqlite_master WHERE name = 'rides'")
        let before = try HostileFixtures.snapshot(db)

        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 65)
        #expect(check.stdout.contains("the list of rides cannot be read (a damaged page); 2 rides found from their fixes and events instead. "
                                      + "Lost with the list, for each of rides 1, 2: its start and stop times"), "\(check.stdout)")
        for id in 1...2 { #expect(check.stdout.contains("ride \(id) (stopped): can be read completely, 2191 fixes"), "\(check.stdout)") }
        #expect(check.stdout.contains("2 of 2 rides can still be read in full") && !check.stdout.contains("no ride can be saved"), "\(check.stdout)")
        // None is left out: no parenthesis saying others are (issue 26).
        #expect(!check.stdout.contains("the others are named"), "\(check.stdout)")

        let out = dir.appendingPathComponent("saved").path + "/"
        let dump = try CLIRunner.run(["dump", "--db", db, "--all", "--format", "gpx", "--out", out])
        #expect(dump.status == 65)
        #expect(dump.stderr.contains("the list of rides cannot be read (a damaged page): rides 1, 2 were found from their fixes and events; "
                                     + "lost with the list, for each ride: its start and stop times"), "\(dump.stderr)")
        #expect(dump.stderr.contains("is damaged: its list of rides cannot be read (a damaged page), the rides were found from their fixes; "
                                     + "2 of 2 written whole. Nothing was marked as dumped"), "\(dump.stderr)")
        let names = ["20260614T073000Z-ride-1.gpx", "20260614T073000Z-ride-2.gpx"]
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == names)
        for name in names {
            let saved = try String(contentsOfFile: out + name, encoding: .utf8)
            // As from the undamaged file: the bench ride keeps 905 of its 2191 fixes for distance, and 13.231 km.
            #expect(saved.components(separatedBy: "<trkpt ").count == 906 && saved.hasSuffix("</gpx>\n"))
            #expect(saved.contains("distance_m=\"13231."), "\(saved.prefix(1200))")
        }
        #expect(try HostileFixtures.snapshot(db) == before, "the damaged file was written to")
    }

    /// One ride's row damaged (each row of the bench's 1 KiB pages is a leaf of its own): that ride
    /// is found from its fixes and said to lack its row; the other keeps its own.
    @Test func oneRowLostIsSaidOfThatRideAlone() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Self.damagedDatabase(in: dir, page: "SELECT pageno FROM dbstat WHERE name = 'rides' AND pagetype = 'leaf' ORDER BY path LIMIT 1 OFFSET 1")

        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 65)
        #expect(check.stdout.contains("2 rides found from their fixes and events instead. Lost with the list, for ride 2: its start and stop times"),
                "\(check.stdout)")
        #expect(check.stdout.contains("2 of 2 rides can still be read in full"), "\(check.stdout)")

        let out = dir.appendingPathComponent("saved").path + "/"
        let dump = try CLIRunner.run(["dump", "--db", db, "--all", "--format", "fit", "--out", out])
        #expect(dump.status == 65)
        #expect(dump.stderr.contains("the list of rides cannot be read (a damaged page): ride 2 was found from its fixes and events; "), "\(dump.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["20260614T073000Z-ride-1.fit", "20260614T073000Z-ride-2.fit"])
    }
}
