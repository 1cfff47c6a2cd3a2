import Foundation
import RoamTestSupport
import Testing

/// Power cuts: `dump --out` into folders that do not exist yet makes each one durable
/// (its parent fsync'd) before a ride is marked dumped. Seen from outside with strace: every new
/// folder's parent is opened as a directory and fsync'd, and that happens before the database's
/// dumped mark is written.
@Suite(.needs(TrialPaths.tool("strace") != nil, "strace is missing: install Debian's strace (scripts/test does)"))
struct DumpFolderSyncTests {
    @Test func dumpIntoNewFoldersSyncsEachParentBeforeMarkingTheRideDumped() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let out = fixture.directory.appendingPathComponent("new/deeper").path
        let trace = fixture.directory.appendingPathComponent("trace.txt").path
        let strace = try #require(TrialPaths.tool("strace"))
        let child = try TrialChild(strace, ["-f", "-qq", "-e", "trace=openat,fsync,fdatasync,pwrite64", "-o", trace,
                                            TrialPaths.binary.path, "dump", "--db", fixture.dbPath, "--not-dumped",
                                            "--format", "gpx", "--out", out + "/"])
        #expect(child.finish() == 0, "\(child.stderrLines)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        // "1234  openat(AT_FDCWD, "/tmp/…", O_RDONLY|O_CLOEXEC|O_DIRECTORY) = 5" then "1234  fsync(5)     = 0".
        func syncedAt(_ folder: String) -> Int? {
            guard let open = lines.firstIndex(where: { $0.contains("openat(AT_FDCWD, \"\(folder)\", ") && $0.contains("O_DIRECTORY") }),
                  let fd = lines[open].split(separator: "=").last?.trimmingCharacters(in: .whitespaces) else { return nil }
            return lines[open...].firstIndex { $0.contains(" fsync(\(fd))") && $0.hasSuffix("= 0") }
        }
        let parentOfNew = try #require(syncedAt(fixture.directory.path), "the folder holding new/ was never synced:\n\(lines.joined(separator: "\n"))")
        let parentOfDeeper = try #require(syncedAt(fixture.directory.appendingPathComponent("new").path), "new/ was never synced")
        // SQLite's write of the dumped mark: the first write into the database's WAL (WAL commits
        // append there; with synchronous=NORMAL they are not synced at each commit).
        var walFds: Set<String> = []
        var markWrite: Int?
        for (i, line) in lines.enumerated() {
            if line.contains("\(fixture.dbPath)-wal\""), let fd = line.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) {
                walFds.insert(fd)
            } else if let call = line.firstMatch(of: #/ pwrite64\(([0-9]+),/#), walFds.contains(String(call.1)) {
                markWrite = i
                break
            }
        }
        let markSync = try #require(markWrite, "no write into the WAL: the dumped mark was not written")
        #expect(parentOfNew < markSync && parentOfDeeper < markSync, "folders synced at lines \(parentOfNew), \(parentOfDeeper); mark at \(markSync)")
        let r = try CLIRunner.run(["rides", "--db", fixture.dbPath])
        #expect(r.status == 0)
    }

    /// A new folder's parent that cannot be synced (strace makes the first fsync fail with EIO) is
    /// said in the system layer's words, with what to check; before, libc's "Input/output error".
    @Test func aFolderSyncThatFailsIsSaidInWords() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let out = fixture.directory.appendingPathComponent("new/deeper").path
        let strace = try #require(TrialPaths.tool("strace"))
        let child = try TrialChild(strace, ["-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:error=EIO:when=1",
                                            TrialPaths.binary.path, "dump", "--db", fixture.dbPath, "--all", "--format", "gpx", "--out", out + "/"])
        #expect(child.finish() == 74, "\(child.stderrLines)")
        let said = child.stderrLines.joined(separator: "\n")
        #expect(said.contains("cannot sync the folder \(fixture.directory.path) after creating the output folder "
                              + "\(fixture.directory.path)/new in it: I/O error: check the storage device"), "\(said)")
        #expect(!said.contains("Input/output error"), "\(said)")
    }
}
