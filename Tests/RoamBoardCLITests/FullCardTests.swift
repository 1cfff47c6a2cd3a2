import Foundation
import Glibc
import RoamStore
import RoamTestSupport
import Testing

/// A card filled while no recorder ran: SQLite deleted rides.db-wal and -shm at the last clean
/// stop, then something else took the room. SQLite sizes a new -shm by writing into it and says
/// the ENOSPC as SQLITE_IOERR, so every command said "I/O error: check the SD card" and a rider
/// may reflash a healthy card holding their rides. The readers must read it all the same, the
/// writers say it is full and what to free, and prune delete where its WAL pages still fit.
/// Real small tmpfs file systems (no blocks kept for root: full is full, as root too).
@Suite(.serialized, .needs(geteuid() == 0, "mounting a small tmpfs needs root"))
struct FullCardTests {
    static func readers(_ f: DumpFixture) -> [[String]] {
        ReadOnlyReaderTests.readers(f) + [["prune", "--dumped-before", "2100-01-01", "--dry-run"]]
    }

    /// A copy of the fixture's database (no -wal, no -shm beside it) on a small card filled to
    /// `left` bytes free; `body` runs with its path and the card's folder.
    /// `spare`: the drive's previous image beside it (64 KiB written), as a board whose drive was built twice has.
    static func onFullCard(_ f: DumpFixture, left: Int64, spare: Bool = false, _ body: (_ db: String, _ mount: URL) throws -> Void) throws {
        try DriveProbe.onSmallCard("full-card", megabytes: 8) { _, mount in
            let db = mount.appendingPathComponent("rides.db").path
            try FileManager.default.copyItem(atPath: f.dbPath, toPath: db)
            if spare { try Data(repeating: 0xF6, count: 64 << 10).write(to: mount.appendingPathComponent("drive.img.spare")) }
            try FullStorage.fill(mount, leaving: left)
            try body(db, mount)
        }
    }

    static func fixture() throws -> DumpFixture {
        let f = try DumpFixture.make()
        try DumpLedger(path: f.dbPath).markDumped(id: f.a.id, dumpedUTCms: DumpFixture.startUTCms)
        // The last connection gone: SQLite has deleted the -wal and -shm, as at a recorder's clean stop.
        try #require(!FileManager.default.fileExists(atPath: f.dbPath + "-wal") && !FileManager.default.fileExists(atPath: f.dbPath + "-shm"))
        return f
    }

    @Test("A full card: every reader reads it as on a card with room; record and prune say it is full and what to free, not an I/O error")
    func aFullCardIsReadAndSaidFull() throws {
        let f = try Self.fixture()
        defer { f.remove() }
        try Self.onFullCard(f, left: 0, spare: true) { db, mount in
            let read = try Self.readers(f).map { try CLIRunner.run($0 + ["--db", db]) }
            let record = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
            let prune = try CLIRunner.run(["prune", "--dumped-before", "2100-01-01", "--db", db])
            for (command, r) in zip(Self.readers(f), read) {
                let roomy = try CLIRunner.run(command + ["--db", f.dbPath])
                // `check` judges the fixture's scripted rides as a real one would (not consistent: 65) either way.
                #expect(r.status == roomy.status, "\(command[0]): \(r.stderr)")
                #expect(!r.stderr.contains("I/O error"), "\(command[0]): \(r.stderr)")
                if command[0] != "status" { #expect(r.stdout.replacingOccurrences(of: db, with: f.dbPath) == roomy.stdout, "\(command[0]) read otherwise: \(r.stdout)") }
            }
            // The drive's previous image, the product's own file that may go, first; prune only once there is room for its journal.
            let spare = "\(mount.path)/drive.img.spare (64 KiB: the USB drive's previous image, kept only to speed up its next build; "
                + "deleting it loses no ride), then other files on the storage holding \(mount.path)"
            let full = "the storage holding \(db) is full: free room there by deleting " + spare
            for (name, r) in [("record", record), ("prune", prune)] {
                print("full card: \(name) exited \(r.status): \(r.stderr)")
                #expect(r.status == 74, "\(name): \(r.stdout)\(r.stderr)")
                #expect(!r.stderr.contains("I/O error"), "\(name): \(r.stderr)")
            }
            // Stop 54: it printed '--dumped-before YYYY-MM-DD', which the parser refuses (64). Prune's own refusal prints no prune.
            let words = try Self.printedPrune(record.stderr)
            #expect(words.contains("--db") && words.contains(db), "record: \(words)")
            let asPrinted = try CLIRunner.run(Array(words.dropFirst()))
            #expect(asPrinted.status == 0, "record's prune as printed, \(words): \(asPrinted.status) \(asPrinted.stderr)")
            #expect(record.stderr.contains(full) && record.stderr.contains("or, once there is room for a prune's journal (about as much as the largest ride it deletes), "
                                                                           + "by dumping rides and pruning them"), "\(record.stderr)")
            Self.expectPruneSaysWhatGoesFirst(prune.stderr, db: db, spare: spare)
        }
    }

    /// Prune's own refusal never advises a prune: it needs room for its journal, and names what may go first.
    static func expectPruneSaysWhatGoesFirst(_ said: String, db: String, spare: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(said.contains("cannot prune: the storage holding \(db) is full, and a prune needs free room for its journal "
                              + "(\(db)-wal: "), "\(said)", sourceLocation: sourceLocation)
        #expect(said.contains("Free room first by deleting " + spare), "\(said)", sourceLocation: sourceLocation)
        #expect(!said.contains("'roam-board prune") && !said.contains("pruning them"), "prune advised to a prune: \(said)", sourceLocation: sourceLocation)
    }

    @Test("A card with 18 KiB free: too little for a long ride's deletion, and prune says what to delete first, not to prune")
    func pruneWithTooLittleRoomSaysWhatGoesFirst() throws {
        let f = try Self.fixture()
        defer { f.remove() }
        try Self.onFullCard(f, left: 18 << 10, spare: true) { db, mount in
            let prune = try CLIRunner.run(["prune", "--ride", "\(f.a.id)", "--db", db])
            #expect(prune.status == 74, "\(prune.stdout)\(prune.stderr)")
            Self.expectPruneSaysWhatGoesFirst(prune.stderr, db: db, spare: "\(mount.path)/drive.img.spare (64 KiB: ")
            #expect(try RideReader(path: db).rides().count == 3, "a ride went though the prune failed")
        }
    }

    @Test("A card with room for a short ride's deletion but not for a -shm: prune deletes it, and the rides are read after it")
    func pruneDeletesWhereItsWALPagesFit() throws {
        let f = try Self.fixture()
        defer { f.remove() }
        try Self.onFullCard(f, left: 28 << 10) { db, _ in
            var fs = statvfs()
            try #require(statvfs(db, &fs) == 0)
            #expect(Int64(fs.f_bavail) * Int64(fs.f_frsize) < 32 << 10, "room for a -shm: the card is not full enough")
            // Ride B is short: its deletion's WAL pages fit beside what is left.
            let prune = try CLIRunner.run(["prune", "--ride", "\(f.b.id)", "--not-dumped-too", "--db", db])
            #expect(prune.status == 0, "\(prune.stdout)\(prune.stderr)")
            #expect(prune.stdout.contains("pruned 1 ride"), "\(prune.stdout)")
            print("card with a little room: prune exited \(prune.status): \(prune.stdout)")
            #expect(!FileManager.default.fileExists(atPath: db + "-wal"), "the prune's WAL was left behind")
            let rides = try CLIRunner.run(["rides", "--db", db])
            #expect(rides.status == 0, "\(rides.stderr)")
            let ids = try RideReader(path: db).rides().map(\.id)
            #expect(ids == [f.a.id, f.c.id])
        }
    }

    /// The prune in a full card's words, as words to run (`PrintedCommands.words`: the test is the folder's owner).
    static func printedPrune(_ said: String) throws -> [String] {
        PrintedCommands.words(try #require(DriveReadmeCommandsTests.quotedCommands(said).first { $0.contains(" prune ") }, "no prune in: \(said)"))
    }

    /// "2026-12-07" now in `zone`.
    static func today(_ zone: String) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let c = calendar.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    @Test("On a full card the prune printed names the board, as the installed board's is named, and today in its zone")
    func theFullCardsPruneNamesTheBoardAndADayInItsZone() throws {
        // A zone whose day is not UTC's now: 14 h ahead from 10:00 UTC, 11 h behind before 11:00.
        let zone = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour! >= 10
            ? "Pacific/Kiritimati" : "Pacific/Pago_Pago"
        let f = try Self.fixture()
        defer { f.remove() }
        let board = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: board) }
        try Self.onFullCard(f, left: 0) { _, mount in
            var conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
            conf = conf.replacingOccurrences(of: "data_dir = ../../data/bench", with: "data_dir = \(mount.path)") + "time_zone = \(zone)\n"
            try conf.write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
            let before = try Self.today(zone)
            // The recorder's refusal prints the prune (prune's own refusal prints none: it needs room first).
            let record = try CLIRunner.run(["record", "--board", board.path, "--quiet"])
            let after = try Self.today(zone)
            #expect(record.status == 74, "\(record.stdout)\(record.stderr)")
            let words = try Self.printedPrune(record.stderr)
            #expect(Array(words.prefix(3)) == ["roam-board", "prune", "--board"] && words.contains(board.path), "\(words)")
            let day = words.firstIndex(of: "--dumped-before").map { words[$0 + 1] }
            #expect(day == before || day == after, "the day printed, \(day ?? "none"), is not today in \(zone) (\(before))")
            let asPrinted = try CLIRunner.run(Array(words.dropFirst()))
            #expect(asPrinted.status == 0, "\(words): \(asPrinted.status) \(asPrinted.stderr)")
        }
    }
}
