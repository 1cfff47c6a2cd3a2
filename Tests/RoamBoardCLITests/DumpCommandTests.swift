import Foundation
import Testing
import RoamCore
@testable import RoamStore

/// `dump` end to end through the built binary: selection, destinations, atomic files, dumped-at
/// marking, and reading while a writer holds the database.
@Suite(.serialized) struct DumpCommandTests {
    private func dumpedAt(_ fixture: DumpFixture) throws -> [Int64: Int64?] {
        let reader = try RideReader(path: fixture.dbPath)
        return Dictionary(uniqueKeysWithValues: try reader.rides().map { ($0.id, $0.dumpedUTCms) })
    }

    /// Every column of every fix, and every ride column but dumped-at, as one text: what must not change.
    private func snapshot(_ fixture: DumpFixture) throws -> String {
        let c = try SQLiteConnection(path: fixture.dbPath, mode: .readOnly)
        let fixes = try c.singleText("SELECT group_concat(quote(ride_id)||quote(seq)||quote(lat_deg)||quote(lon_deg)||quote(nmea)||quote(flags)||quote(segment)||quote(baro_alt_m)||quote(t_utc_ms), '|') FROM (SELECT * FROM fixes ORDER BY ride_id, seq)") ?? ""
        let rides = try c.singleText("SELECT group_concat(id||state||distance_m||fix_count||hex(pipeline_state)||hex(parameters), '|') FROM rides") ?? ""
        let events = try c.singleText("SELECT count(*) FROM events") ?? ""
        return fixes + rides + events
    }

    @Test func notDumpedWritesEachStoppedRideOnceMarksItAndChangesNothingElse() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let out = fixture.directory.appendingPathComponent("out").path + "/"
        let before = try snapshot(fixture)
        let r = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--not-dumped", "--format", "fit", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("ride \(fixture.c.id) is still recording: skipped until it stops"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["20260614T073000Z-ride-\(fixture.a.id).fit", "20260615T073000Z-ride-\(fixture.b.id).fit"])
        #expect(r.stdout.split(separator: "\n").map { String($0.split(separator: "/").last!) } == files)
        let marks = try dumpedAt(fixture)
        #expect(marks[fixture.a.id]! != nil && marks[fixture.b.id]! != nil)
        #expect(marks[fixture.c.id]! == nil)
        #expect(try snapshot(fixture) == before, "dump changed something besides dumped_utc_ms")

        let again = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--not-dumped", "--format", "fit", "--out", out])
        #expect(again.status == 0)
        #expect(again.stderr.contains("no ride to dump"))
        // Before: "no ride to dump in …/rides.db", as if the database held none.
        #expect(again.stderr.contains(": 2 rides already handed over (the last, ride \(fixture.b.id), on 20"), "\(again.stderr)")
        #expect(again.stderr.contains("): use --ride N or --all to dump again"), "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 2)
    }

    @Test func existingFilesAreKeptUnlessForced() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let out = fixture.directory.appendingPathComponent("out")
        #expect(try CLIRunner.run(["dump", "--db", fixture.dbPath, "--all", "--format", "csv", "--out", out.path + "/"]).status == 0)
        let file = out.appendingPathComponent("20260614T073000Z-ride-\(fixture.a.id).csv")
        try Data("mine".utf8).write(to: file)
        let refused = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--ride", "\(fixture.a.id)", "--format", "csv", "--out", out.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already exists with other contents; pass --force to overwrite"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "mine")
        let forced = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--ride", "\(fixture.a.id)", "--format", "csv", "--out", out.path, "--force"])
        #expect(forced.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("ride_id,seq,"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test func standardOutputCarriesOneRideAndFITMatchesTheFileByteForByte() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let file = fixture.directory.appendingPathComponent("a.fit").path
        #expect(try CLIRunner.run(["dump", "--db", fixture.dbPath, "--ride", "\(fixture.a.id)", "--format", "fit", "--out", file]).status == 0)
        let piped = try CLIRunner.runBytes(["dump", "--db", fixture.dbPath, "--ride", "\(fixture.a.id)", "--format", "fit"])
        #expect(piped.status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(piped.stdout == written)
        let gpx = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--ride", "\(fixture.b.id)", "--format", "gpx"])
        #expect(gpx.status == 0 && gpx.stdout.hasSuffix("</gpx>\n"))
    }

    /// A ride that began before the receiver sent a date has no start in its row; its first dated fix names it.
    @Test func aRideWithoutAStartTimeIsNamedByItsFirstDatedFix() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let writer = try SQLiteConnection(path: fixture.dbPath, mode: .readWrite)
        try writer.execute("UPDATE rides SET started_utc_ms = NULL WHERE id = \(fixture.b.id)")
        let out = fixture.directory.appendingPathComponent("out").path + "/"
        let r = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--ride", "\(fixture.b.id)", "--format", "gpx", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("/20260615T073000Z-ride-\(fixture.b.id).gpx\n"))
        let gpx = try String(contentsOfFile: String(r.stdout.dropLast()), encoding: .utf8)
        #expect(gpx.contains("<time>2026-06-15T07:30:00.000Z</time>\n    <extensions>"))
    }

    @Test func selectionMistakesAreUsageErrors() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let cases: [([String], String)] = [
            ([], "say which rides: --ride N, --all or --not-dumped"),
            (["--ride", "1", "--all"], "--ride and --all exclude each other"),
            (["--all"], "3 rides selected: standard output takes one; use --out DIR"),
            (["--all", "--out", fixture.directory.appendingPathComponent("x.gpx").path], "names one file; with --all or --not-dumped give a folder"),
        ]
        for (args, message) in cases {
            let r = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--format", "gpx"] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        let missing = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--format", "gpx", "--ride", "99"])
        #expect(missing.status == 65 && missing.stderr.contains("no ride 99"))
    }

    /// A writer holds the write lock with an uncommitted fix: the dump reads the last commit and
    /// neither waits for the writer nor sees its uncommitted row.
    @Test func dumpsWhileAWriterHoldsTheDatabase() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let writer = try SQLiteConnection(path: fixture.dbPath, mode: .readWrite)
        try writer.execute("BEGIN IMMEDIATE")
        try writer.execute("INSERT INTO fixes (fix_key, ride_id, seq, t_mono_ns, fix_mode, nmea, t_source, flags, segment, distance_added_m, lat_deg, lon_deg) "
                           + "VALUES ((\(fixture.c.id) << 32) + 9999, \(fixture.c.id), 9999, 1, 3, '', 1, 0, 0, 0, 47.0, 7.0)")
        let r = try CLIRunner.run(["dump", "--db", fixture.dbPath, "--ride", "\(fixture.c.id)", "--format", "csv"])
        try writer.execute("ROLLBACK")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\r\n").count == fixture.c.accepted.count + 1)
        #expect(!r.stdout.contains(",9999,"))
        let c = fixture.c, setAside = c.fixes.count - c.accepted.count
        #expect(r.stderr.contains("still recording: dumped what was committed so far, \(c.accepted.count) of its \(c.fixes.count) "
                                  + "fixes written (the points kept for distance); the other \(setAside), set aside, stay"), "\(r.stderr)")
    }
}

extension CLIRunner {
    /// Like `run`, with stdout as bytes (FIT is binary).
    static func runBytes(_ arguments: [String]) throws -> (status: Int32, stdout: Data) {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, data)
    }
}

extension DumpCommandTests {
    /// A ride still recording, 22 fixes of which 9 are kept for distance: before, its dump said
    /// "dumped what was committed so far (9 fixes)", read as the whole ride.
    @Test func aRecordingRideSaysWhichOfItsFixesTheFileHolds() throws {
        let (dir, db) = try UpgradeTests.card("pipeline6-interrupted.sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpx = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx"])
        #expect(gpx.status == 0, "\(gpx.stderr)")
        #expect(gpx.stdout.components(separatedBy: "<trkpt ").count - 1 == 9)
        #expect(gpx.stderr.contains("ride 1 is still recording: dumped what was committed so far, 9 of its 22 fixes written "
                                    + "(the points kept for distance); the other 13, set aside, stay in the database "
                                    + "('--raw' writes them); not marked as dumped"), "\(gpx.stderr)")
        // FIT is given the fixes under the distance gate only to run its timer: they are not said as written.
        let fit = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "fit", "-o", dir.appendingPathComponent("r.fit").path])
        #expect(fit.stderr.contains("so far, 9 of its 22 fixes written (the points kept for distance)"), "\(fit.stderr)")
        let raw = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "csv", "--raw"])
        #expect(raw.stdout.split(separator: "\r\n").count == 22 + 1)
        #expect(raw.stderr.contains("so far, 22 fixes written, those set aside included; not marked"), "\(raw.stderr)")
        // Into a folder twice: the second run writes nothing (before, it said "(22 fixes)").
        let out = dir.appendingPathComponent("out").path
        _ = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx", "-o", out + "/"])
        let again = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx", "-o", out + "/"])
        #expect(again.stderr.contains("already holds it, byte for byte")
                && again.stderr.contains("ride 1 is still recording: its file already held what was committed so far; "
                                         + "not marked as dumped"), "\(again.stderr)")
    }
}
