import Foundation
import RoamCore
import Testing
@testable import RoamStore

/// `roam-board prune --dumped-before DATE` on the dump fixture's real database:
/// ride A stopped, B stopped, C still recording.
@Suite(.serialized)
struct PruneCommandTests {
    private static func utcMs(_ y: Int, _ m: Int, _ d: Int) -> Int64 { CivilDate.daysFromCivil(year: y, month: m, day: d) * 86_400_000 }

    private func count(_ db: SQLiteConnection, _ sql: String) throws -> Int {
        Int(try db.singleText(sql) ?? "") ?? -1
    }

    @Test func prunesOnlyStoppedRidesDumpedBeforeTheDateAndKeepsExploredCells() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let store = try RideStore(path: fixture.dbPath)
        // A dumped on 2026-06-20; B never dumped; C (recording) carries a dumped time too, and must still stay.
        try DumpLedger(path: store.path).markDumped(id: fixture.a.id, dumpedUTCms: Self.utcMs(2026, 6, 20) + 3_600_000)
        try store.connection.execute("UPDATE rides SET dumped_utc_ms = \(Self.utcMs(2026, 6, 1)) WHERE id = \(fixture.c.id)")
        let probe = try SQLiteConnection(path: fixture.dbPath, mode: .readOnly)
        let cells = try count(probe, "SELECT count(*) FROM explored")
        let fixesOfA = try count(probe, "SELECT count(*) FROM fixes WHERE ride_id = \(fixture.a.id)")
        #expect(fixesOfA == fixture.a.fixes.count)

        // The day of the dump itself is not "before" it: nothing goes.
        let early = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--dumped-before", "2026-06-20"])
        #expect(early.status == 0, "\(early.stderr)")
        #expect(early.stdout.contains("nothing pruned"), "\(early.stdout)")
        #expect(try count(probe, "SELECT count(*) FROM rides") == 3)

        let preview = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--dumped-before", "2026-06-21", "--dry-run"])
        #expect(preview.stdout.firstMatch(of: /\(in use now [0-9.]+ [KM]iB\); dry run/) != nil, "\(preview.stdout)")
        let r = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--dumped-before", "2026-06-21"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("pruned 1 ride dumped before 2026-06-21: \(fixture.a.id)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("freed \(fixesOfA) fixes"), "\(r.stdout)")
        // Sizes in the unit of the options (MiB, KiB under one), not raw byte counts.
        let sizes = /events?, [0-9.]+ [KM]iB \(in use [0-9.]+ [KM]iB → [0-9.]+ [KM]iB; file [0-9.]+ [KM]iB,/
        #expect(r.stdout.firstMatch(of: sizes) != nil && !r.stdout.contains("bytes"), "\(r.stdout)")
        let ids = try probe.prepare("SELECT id FROM rides ORDER BY id")
        var left: [Int64] = []
        while try ids.step() { left.append(ids.int64(at: 0)) }
        #expect(left == [fixture.b.id, fixture.c.id])
        #expect(try count(probe, "SELECT count(*) FROM fixes WHERE ride_id = \(fixture.a.id)") == 0)
        #expect(try count(probe, "SELECT count(*) FROM events WHERE ride_id = \(fixture.a.id)") == 0)
        #expect(try count(probe, "SELECT count(*) FROM fixes WHERE ride_id = \(fixture.b.id)") == fixture.b.fixes.count)
        #expect(try count(probe, "SELECT count(*) FROM explored") == cells, "explored cells are kept")
        #expect(try count(probe, "SELECT count(*) FROM explored WHERE ride_id = \(fixture.a.id)") == 0)
        #expect(try probe.singleText("PRAGMA foreign_key_check") == nil, "no row points at a pruned ride")
    }

    @Test func reportsFreedBytesFromPageCounts() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let store = try RideStore(path: fixture.dbPath)
        try DumpLedger(path: store.path).markDumped(id: fixture.a.id, dumpedUTCms: Self.utcMs(2026, 6, 20))
        try DumpLedger(path: store.path).markDumped(id: fixture.b.id, dumpedUTCms: Self.utcMs(2026, 6, 20))
        let report = try Prune.run(path: fixture.dbPath, dumpedBeforeUTCms: Self.utcMs(2026, 7, 1))
        #expect(report.rideIDs == [fixture.a.id, fixture.b.id])
        #expect(report.fixes == fixture.a.fixes.count + fixture.b.fixes.count)
        #expect(report.freedBytes > 0)
        let probe = try SQLiteConnection(path: fixture.dbPath, mode: .readOnly)
        let pageSize = Int64(try probe.singleText("PRAGMA page_size") ?? "") ?? -1
        let free = Int64(try probe.singleText("PRAGMA freelist_count") ?? "") ?? -1
        let pages = Int64(try probe.singleText("PRAGMA page_count") ?? "") ?? -1
        #expect(report.usedBytesAfter == (pages - free) * pageSize)
        #expect(report.fileBytesAfter == pages * pageSize)
        #expect(free * pageSize >= report.freedBytes, "freed pages are on the free list")
    }

    @Test func neverDumpedRidesAreNeverPruned() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let r = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--dumped-before", "9999-12-31"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("nothing pruned"), "\(r.stdout)")
        let probe = try SQLiteConnection(path: fixture.dbPath, mode: .readOnly)
        #expect(try count(probe, "SELECT count(*) FROM rides") == 3)
        #expect(try count(probe, "SELECT count(*) FROM fixes") == fixture.rides.map(\.fixes.count).reduce(0, +))
    }

    @Test(arguments: ["2026-6-21", "2026-02-30", "yesterday", "2026-06-21T00:00"])
    func aDateThatIsNotISOIsAUsageError(_ date: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["prune", "--db", db, "--dumped-before", date])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("'\(date)' is not an ISO date"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func aMissingDatabaseIsNotCreated() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("typo.db").path
        let r = try CLIRunner.run(["prune", "--db", db, "--dumped-before", "2026-01-01"])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains("no database at \(db)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }
}
