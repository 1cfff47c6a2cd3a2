import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamCore
@testable import RoamStore

/// Dumping twice is dumping once: a file already in place with the ride's bytes (a dump that
/// completed just before a power cut, before its mark) is marked and left alone; a different file
/// is still refused; the first handed-over time is kept; and a complete file whose mark cannot be
/// written is a warning, not a failure.
@Suite(.serialized) struct DumpIdempotenceTests {
    private func dumpedAt(_ db: String, _ id: Int64) throws -> Int64? {
        try RideReader(path: db).ride(id: id)?.dumpedUTCms
    }

    private func unmark(_ db: String, _ id: Int64) throws {
        try SQLiteConnection(path: db, mode: .readWrite).execute("UPDATE rides SET dumped_utc_ms = NULL WHERE id = \(id)")
    }

    private func inode(_ path: String) -> ino_t {
        var s = stat()
        return stat(path, &s) == 0 ? s.st_ino : 0
    }

    @Test func aCompleteFileLeftByACutBeforeTheMarkIsMarkedAndLeftAlone() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let out = f.directory.appendingPathComponent("out").path + "/"
        #expect(try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "--out", out]).status == 0)
        let file = out + "20260614T073000Z-ride-\(f.a.id).gpx"
        let (bytes, node) = (FileManager.default.contents(atPath: file), inode(file))
        // The cut: the file is complete on disk, the mark never reached the database.
        try unmark(f.dbPath, f.a.id)

        let again = try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "--out", out])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("ride \(f.a.id): \(file) already holds it, byte for byte"), "\(again.stderr)")
        #expect(try dumpedAt(f.dbPath, f.a.id) != nil)
        #expect(FileManager.default.contents(atPath: file) == bytes && inode(file) == node, "the file in place was rewritten")
    }

    @Test func aDifferentFileInPlaceIsStillRefused() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let out = f.directory.appendingPathComponent("out").path + "/"
        #expect(try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "csv", "--out", out]).status == 0)
        let file = out + "20260614T073000Z-ride-\(f.a.id).csv"
        try Data("someone else's notes\n".utf8).write(to: URL(fileURLWithPath: file))
        try unmark(f.dbPath, f.a.id)

        let again = try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "csv", "--out", out])
        #expect(again.status == 1)
        #expect(again.stderr.contains("\(file) already exists with other contents; pass --force to overwrite"), "\(again.stderr)")
        #expect(try dumpedAt(f.dbPath, f.a.id) == nil)
        #expect(FileManager.default.contents(atPath: file) == Data("someone else's notes\n".utf8))
    }

    /// Issue 26: one stray file at one ride's name stopped the whole dump, nothing written or marked
    /// (the other rides included) and the others not said. Now only that ride is kept back, named at the end.
    @Test func aStrayFileKeepsBackOnlyItsRide() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let out = f.directory.appendingPathComponent("out").path + "/"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let stray = out + "20260615T073000Z-ride-\(f.b.id).gpx"
        try Data("junk\n".utf8).write(to: URL(fileURLWithPath: stray))

        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "--out", out])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == out + "20260614T073000Z-ride-\(f.a.id).gpx\n", "\(r.stdout)")
        #expect(try String(contentsOfFile: out + "20260614T073000Z-ride-\(f.a.id).gpx", encoding: .utf8).hasSuffix("</gpx>\n"))
        #expect(try dumpedAt(f.dbPath, f.a.id) != nil, "the ride written was not marked")
        #expect(try dumpedAt(f.dbPath, f.b.id) == nil)
        #expect(FileManager.default.contents(atPath: stray) == Data("junk\n".utf8), "the stray file was overwritten")
        let last = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("ride \(f.b.id) not written: \(stray) already exists with other contents; pass --force to overwrite it")
                && last.hasSuffix("(1 of 2 rides written)"), "\(r.stderr)")
    }

    @Test func dumpingAgainKeepsTheFirstHandedOverTime() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let first = f.directory.appendingPathComponent("first.gpx").path
        #expect(try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "--out", first]).status == 0)
        let mark = try #require(try dumpedAt(f.dbPath, f.a.id))
        usleep(20_000)
        let again = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "fit",
                                       "--out", f.directory.appendingPathComponent("again.fit").path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try dumpedAt(f.dbPath, f.a.id) == mark, "a second dump moved the handed-over time, and with it prune's cut-off")
    }

    @Test(.needs(geteuid() != 0 || ReadOnlyDirectory.canBeMade, "the database cannot be made read-only here"))
    func aCompleteFileWhoseMarkCannotBeWrittenExitsZeroWithAWarning() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let file = f.directory.appendingPathComponent("ride.gpx").path
        // The database's folder and file read-only, as for a user who may read the card but not write it.
        let lock = try ReadOnlyDatabase(f.dbPath)
        defer { lock.release() }
        try #require(lock.isReadOnly, "\(lock.why)")
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "--out", file])
        lock.release()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(file))
        #expect(r.stderr.contains("warning: ride \(f.a.id) was dumped completely, but could not be marked as dumped"), "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(try dumpedAt(f.dbPath, f.a.id) == nil)
    }
}

/// A database file that even root cannot open for writing: `chattr +i`, else a read-only bind
/// mount of the file itself; as a normal user, plain permissions.
final class ReadOnlyDatabase {
    private(set) var isReadOnly = false
    private(set) var why = ""
    private var undo: (() -> Void)?

    init(_ path: String) throws {
        if geteuid() != 0 {
            chmod(path, 0o444)
            undo = { chmod(path, 0o644) }
        } else if try HostileFixtures.tool("chattr", ["+i", path]).status == 0 {
            undo = { _ = try? HostileFixtures.tool("chattr", ["-i", path]) }
        } else if try HostileFixtures.tool("mount", ["--bind", "-o", "ro", path, path]).status == 0 {
            undo = { _ = try? HostileFixtures.tool("umount", [path]) }
        } else {
            why = "neither chattr +i nor a read-only bind mount worked on \(path)"
            return
        }
        let fd = open(path, O_WRONLY)
        if fd >= 0 { close(fd); why = "\(path) could still be opened for writing" } else { isReadOnly = true }
    }

    func release() { undo?(); undo = nil }
}
