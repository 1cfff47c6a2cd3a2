import Foundation
import RoamCore
import Testing
@testable import RoamStore

/// `roam-board prune --ride N`: one named ride goes, all or nothing, and never a ride the rider has
/// no copy of unless asked (P2). The dump fixture: A and B stopped and never dumped, C recording.
@Suite(.serialized)
struct PruneRideTests {
    private func count(_ path: String, _ sql: String) throws -> Int {
        Int(try SQLiteConnection(path: path, mode: .readOnly).singleText(sql) ?? "") ?? -1
    }

    @Test func anImportedRideGoesWithoutTheFlagAndItsFileImportsAgain() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let file = dir.appendingPathComponent("wrong.gpx")
        try ImportCommandTests.gpx(40).write(to: file, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.run(["import", "--db", db, file.path]).stdout.hasPrefix("ride 1: imported"))

        let preview = try CLIRunner.run(["prune", "--db", db, "--ride", "1", "--dry-run"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("would prune 1 ride: 1\nwould free 40 fixes"), "\(preview.stdout)")
        #expect(try count(db, "SELECT count(*) FROM rides") == 1, "a dry run deletes nothing")

        let r = try CLIRunner.run(["prune", "--db", db, "--ride", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("pruned 1 ride: 1\nfreed 40 fixes"), "\(r.stdout)")
        #expect(try count(db, "SELECT count(*) FROM rides") == 0)
        #expect(try count(db, "SELECT count(*) FROM imports") == 0)
        let again = try CLIRunner.run(["import", "--db", db, file.path])
        #expect(again.status == 0, "\(again.stderr)")
        // A new id, not ride 1's again (RideIDFloor): the drive keeper marks rides by id.
        #expect(again.stdout.hasPrefix("ride 2: imported from wrong.gpx"), "the same bytes import again: \(again.stdout)")
    }

    @Test func aRecordedRideNeverDumpedIsRefusedUntilTheFlag() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let cells = try count(fixture.dbPath, "SELECT count(*) FROM explored")
        let refused = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--ride", "\(fixture.a.id)"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("ride \(fixture.a.id) (2026-06-14"), "its date: \(refused.stderr)")
        #expect(refused.stderr.firstMatch(of: /, [0-9.]+ km\) was never dumped/) != nil, "its distance: \(refused.stderr)")
        #expect(refused.stderr.contains("roam-board dump --db \(fixture.dbPath) --ride \(fixture.a.id)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--not-dumped-too"), "\(refused.stderr)")
        #expect(try count(fixture.dbPath, "SELECT count(*) FROM rides") == 3)

        let r = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--ride", "\(fixture.a.id)", "--not-dumped-too"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("pruned 1 ride: \(fixture.a.id)\nfreed \(fixture.a.fixes.count) fixes"), "\(r.stdout)")
        let left = try SQLiteConnection(path: fixture.dbPath, mode: .readOnly).singleText("SELECT group_concat(id, ' ') FROM rides")
        #expect(left == "\(fixture.b.id) \(fixture.c.id)")
        #expect(try count(fixture.dbPath, "SELECT count(*) FROM explored") == cells, "explored cells are kept")
    }

    @Test func aRideStillRecordingIsRefused() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let r = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--ride", "\(fixture.c.id)", "--not-dumped-too"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("ride \(fixture.c.id) is still recording: stop it with the button first"), "\(r.stderr)")
        #expect(try count(fixture.dbPath, "SELECT count(*) FROM fixes WHERE ride_id = \(fixture.c.id)") == fixture.c.fixes.count)
    }

    @Test func anUnknownRideDeletesNoneOfTheOthers() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        try DumpLedger(path: fixture.dbPath).markDumped(id: fixture.a.id, dumpedUTCms: DumpFixture.startUTCms)
        let r = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--ride", "\(fixture.a.id)", "--ride", "99"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("no ride 99 in \(fixture.dbPath)"), "\(r.stderr)")
        #expect(r.stderr.contains("nothing pruned"), "\(r.stderr)")
        #expect(try count(fixture.dbPath, "SELECT count(*) FROM rides") == 3)
        #expect(try count(fixture.dbPath, "SELECT count(*) FROM fixes WHERE ride_id = \(fixture.a.id)") == fixture.a.fixes.count)
    }

    @Test func rideAndDumpedBeforeTogetherIsAUsageError() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let r = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--ride", "\(fixture.a.id)", "--dumped-before", "2030-01-01"])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--ride and --dumped-before cannot be given together"), "\(r.stderr)")
        #expect(try count(fixture.dbPath, "SELECT count(*) FROM rides") == 3)
    }
}
