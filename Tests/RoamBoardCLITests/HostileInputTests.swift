import Foundation
import Glibc
import RoamCore
import RoamTestSupport
import Testing
@testable import RoamStore

/// Hostile inputs, end to end through the built binary on real SQLite files.
@Suite(.serialized)
struct HostileInputTests {
    private static let isRoot = geteuid() == 0
    private static let rootReason: Comment = "needs root (a loop-mounted file system, or chattr +i that even root obeys)"

    // MARK: A damaged database: check and dump say so, exit 65, and leave the file as it was.

    @Test func truncatedDatabaseIsReportedWithExit65AndNeverWritten() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try HostileFixtures.recordedDatabase(in: dir)
        try HostileFixtures.truncateToHalf(db)
        try expectRefusedWithoutWriting(db, out: dir.appendingPathComponent("out"))
    }

    @Test func garbageOverAMiddlePageIsReportedWithExit65AndNeverWritten() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try HostileFixtures.recordedDatabase(in: dir)
        _ = try HostileFixtures.garblePage(db, seed: 0x8_0A)
        try expectRefusedWithoutWriting(db, out: dir.appendingPathComponent("out"))
    }

    private func expectRefusedWithoutWriting(_ db: String, out: URL) throws {
        let before = try HostileFixtures.snapshot(db)
        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 65, "check: \(check.stdout) \(check.stderr)")
        #expect((check.stdout + check.stderr).contains(db), "check names the file")
        #expect(try HostileFixtures.snapshot(db) == before, "check wrote to the damaged database")

        let dump = try CLIRunner.run(["dump", "--db", db, "--all", "--format", "gpx", "--out", out.path + "/"])
        #expect(dump.status == 65, "dump: \(dump.stdout) \(dump.stderr)")
        let said = dump.stderr.lowercased()
        #expect(said.contains("malformed") || said.contains("corrupt") || said.contains("not a database") || said.contains("is damaged"), "dump: \(dump.stderr)")
        #expect(try HostileFixtures.snapshot(db) == before, "dump wrote to the damaged database")
    }

    // MARK: A database from newer code

    @Test func newerSchemaIsRefusedNamingBothVersions() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try HostileFixtures.recordedDatabase(in: dir)
        try HostileFixtures.setSchemaVersion(db, to: 99)
        let before = try HostileFixtures.snapshot(db)
        for arguments in [["check", "--db", db], ["dump", "--db", db, "--all", "--format", "csv"], ["rides", "--db", db],
                          ["record", "--board", "Boards/bench", "--db", db, "--quiet"]] {
            let r = try CLIRunner.run(arguments)
            // The recorder's is 79: its unit does not restart it for a database no restart opens (RefusedForGood).
            #expect(r.status == (arguments[0] == "record" ? 79 : 65), "\(arguments[0]): \(r.stderr)")
            #expect(r.stderr.contains("schema version 99"), "\(arguments[0]): \(r.stderr)")
            #expect(r.stderr.contains("version \(Migrations.latestVersion)"), "\(arguments[0]): \(r.stderr)")
        }
        #expect(try HostileFixtures.snapshot(db) == before)
    }

    // MARK: A read-only data directory

    @Test(.needs(ReadOnlyDirectory.canBeMade, "a directory cannot be made read-only here (as root: neither chattr +i nor a read-only bind mount works)"))
    func recordIntoReadOnlyDirectoryFailsWithOneLineNamingIt() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let lock = try ReadOnlyDirectory(data)
        defer { lock.release() }
        try #require(lock.isReadOnly, "\(data.path) could not be made read-only (\(lock.why))")
        let db = data.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(r.status == 74, "record: \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(r.stderr)")
        #expect(r.stderr.contains(data.path), "names the directory: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    // MARK: Noise on the UART

    @Test func tenMegabytesOfRandomBytesRecordNoPositionedFixFromTheNoise() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let capture = dir.appendingPathComponent("noise.nmea")
        // Good sentences first, as a receiver sends before the line turns to noise, one of them a fix:
        // a file without a sentence, or without a fix, is refused before a ride exists (ReplayInputTests).
        // (A fix after the noise is lost: 10 MB of junk sets the receiver up again, at other bauds.)
        let first = Data((NMEAChecksum.seal("$GPTXT,01,01,02,noise follows") + "\r\n"
                          + NMEAChecksum.seal("$GPRMC,101500.00,A,4757.84000,N,00757.11947,E,1.2,0.0,010524,,,A") + "\r\n"
                          + NMEAChecksum.seal("$GPRMC,101501.00,A,4757.84000,N,00757.11947,E,1.2,0.0,010524,,,A") + "\r\n").utf8)
        try (first + HostileFixtures.randomBytes(10 << 20, seed: 0x5EED)).write(to: capture)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", capture.path, "--quiet"])
        #expect(r.status == 0, "record: \(r.stderr)")
        let reader = try SQLiteConnection(path: db, mode: .readOnly)
        #expect(try reader.singleText("SELECT count(*) FROM rides") == "1")
        // The fixes with a position are the good sentences' (the second may still be open when the noise begins).
        let positioned = try reader.singleText("SELECT count(*) FROM fixes WHERE lat_deg IS NOT NULL OR lon_deg IS NOT NULL")
        let good = try reader.singleText("SELECT count(*) FROM fixes WHERE abs(lat_deg - 47.964) < 1e-6 AND abs(lon_deg - 7.9519911) < 1e-6")
        #expect(positioned == good && ["1", "2"].contains(good), "\(positioned ?? "none") positioned, \(good ?? "none") of them the good sentences'")
        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 0, "check: \(check.stdout) \(check.stderr)")
    }

    // MARK: A disk that fills during dump

    @Test(.needs(isRoot, rootReason))
    func diskFullDuringDumpExits74LeavesNoPartialFileAndKeepsTheDatabase() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try HostileFixtures.recordedDatabase(in: dir)
        let mountPoint = dir.appendingPathComponent("small")
        if let why = LoopFilesystem.mount(image: dir.appendingPathComponent("small.img"), at: mountPoint, megabytes: 4) {
            Issue.record("cannot mount a small file system as root: \(why)")
            return
        }
        defer { LoopFilesystem.unmount(mountPoint) }
        // Leave a few blocks so the dump starts writing, then runs out part-way through the ride.
        try LoopFilesystem.fill(mountPoint.appendingPathComponent("ballast"))
        let ballast = mountPoint.appendingPathComponent("ballast").path
        #expect(truncate(ballast, off_t(HostileFixtures.size(of: ballast) - 16 * 1024)) == 0)
        let before = try HostileFixtures.snapshot(db)
        let out = mountPoint.appendingPathComponent("rides")
        let r = try CLIRunner.run(["dump", "--db", db, "--all", "--format", "gpx", "--raw", "--out", out.path + "/"])
        #expect(r.status == 74, "dump: \(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("No space left on device") || r.stderr.lowercased().contains("full"), "dump: \(r.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(try HostileFixtures.snapshot(db) == before, "the database changed")
        let rides = try SQLiteConnection(path: db, mode: .readOnly)
        #expect(try rides.singleText("SELECT count(*) FROM rides WHERE dumped_utc_ms IS NOT NULL") == "0")
    }
}
