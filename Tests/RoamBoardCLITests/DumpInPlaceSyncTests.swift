import Foundation
import Glibc
import RoamTestSupport
import Testing
@testable import RoamStore

/// A file found in place with the ride's bytes (a dump cut before its mark) was marked on being
/// read, never fsynced: its bytes and its name could still be in memory only, and a power cut then
/// leaves a ride marked handed over with no file, which `prune --dumped-before` may delete. Seen
/// from outside with strace: the file and its folder are fsynced before the mark is written.
@Suite(.serialized, .needs(TrialPaths.tool("strace") != nil, "strace is missing: install Debian's strace (scripts/test does)"))
struct DumpInPlaceSyncTests {
    static func unmark(_ db: String, _ id: Int64) throws {
        try SQLiteConnection(path: db, mode: .readWrite).execute("UPDATE rides SET dumped_utc_ms = NULL WHERE id = \(id)")
    }

    /// The trace's line where `path` (opened with `flags` among its flags) was fsynced on the
    /// descriptor that open gave, before that descriptor was closed; nil when it never was.
    static func synced(_ path: String, flags: String, in lines: [String]) -> Int? {
        for (i, line) in lines.enumerated() where line.contains("openat(AT_FDCWD, \"\(path)\", ") && line.contains(flags) {
            guard let fd = line.split(separator: "=").last?.trimmingCharacters(in: .whitespaces), Int(fd) != nil else { continue }
            for j in (i + 1)..<lines.count {
                if lines[j].contains(" close(\(fd))") { break }
                if lines[j].contains(" fsync(\(fd))") && lines[j].hasSuffix("= 0") { return j }
            }
        }
        return nil
    }

    /// The first write into the database's WAL: the dumped mark.
    static func markWrite(_ db: String, in lines: [String]) -> Int? {
        var walFds: Set<String> = []
        for (i, line) in lines.enumerated() {
            if line.contains("\(db)-wal\""), let fd = line.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) {
                walFds.insert(fd)
            } else if let call = line.firstMatch(of: #/ pwrite64\(([0-9]+),/#), walFds.contains(String(call.1)) {
                return i
            }
        }
        return nil
    }

    @Test func aFileFoundInPlaceIsSyncedWithItsFolderBeforeTheRideIsMarked() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let out = f.directory.appendingPathComponent("out").path
        #expect(try CLIRunner.run(["dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "--out", out + "/"]).status == 0)
        let file = out + "/20260614T073000Z-ride-\(f.a.id).gpx"
        // The cut: the file complete, the mark never reached the database.
        try Self.unmark(f.dbPath, f.a.id)

        let trace = f.directory.appendingPathComponent("trace.txt").path
        let strace = try #require(TrialPaths.tool("strace"))
        let child = try TrialChild(strace, ["-f", "-qq", "-e", "trace=openat,close,fsync,fdatasync,pwrite64", "-o", trace,
                                            TrialPaths.binary.path, "dump", "--db", f.dbPath, "--not-dumped", "--format", "gpx", "--out", out + "/"])
        #expect(child.finish() == 0, "\(child.stderrLines)")
        #expect(child.stderrLines.contains { $0.contains("\(file) already holds it, byte for byte") }, "\(child.stderrLines)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let mark = try #require(Self.markWrite(f.dbPath, in: lines), "no write into the WAL: the ride was not marked")
        let fileSync = try #require(Self.synced(file, flags: "O_RDONLY", in: lines), "the file in place was never fsynced")
        let folderSync = try #require(Self.synced(out, flags: "O_DIRECTORY", in: lines), "its folder was never fsynced")
        #expect(fileSync < mark && folderSync < mark, "file synced at line \(fileSync), folder at \(folderSync), mark at \(mark)")
        #expect(try RideReader(path: f.dbPath).ride(id: f.a.id)?.dumpedUTCms != nil)
    }
}
