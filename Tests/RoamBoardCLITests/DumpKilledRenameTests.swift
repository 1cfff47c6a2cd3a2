import Foundation
import Glibc
import RoamSystem
import RoamTestSupport
import Testing

/// A `dump --force` killed at its rename left its hidden `.roam-XXXXXXXX` beside the file for good,
/// a whole file's room on the card (the drive keeper's `.served` record is written the same way).
/// A real process, killed by strace as the rename starts.
@Suite(.serialized, .needs(TrialPaths.tool("strace") != nil, "strace is missing: install Debian's strace (scripts/test does)"))
struct DumpKilledRenameTests {
    /// The kill comes as the rename starts (strace delivers SIGKILL on entering it), as a power cut
    /// or an OOM kill could: the next write into the folder removes the hidden file left.
    @Test func aHiddenFileAKillLeftIsRemovedByTheNextWriteIntoItsFolder() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let out = f.directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let file = out.appendingPathComponent("a.gpx").path
        #expect(try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "--out", file]).status == 0)
        let strace = try #require(TrialPaths.tool("strace"))
        let killed = try TrialChild(strace, ["-f", "-qq", "-o", "/dev/null", "-e", "trace=rename,renameat,renameat2",
                                             "-e", "inject=rename,renameat,renameat2:signal=SIGKILL",
                                             TrialPaths.binary.path, "dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx",
                                             "--force", "--out", file])
        _ = killed.finish()
        let hidden = { try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".roam-") } }
        let left = try hidden()
        try #require(left.count == 1, "the kill left no hidden file to remove: \(left)")
        let leftSize = try FileSystem.size(out.appendingPathComponent(left[0]).path)
        #expect(leftSize > 0)

        // Another ride into the same folder: the leftover goes, the file in place stays whole.
        let next = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.b.id)", "--format", "gpx", "--out", out.appendingPathComponent("b.gpx").path])
        #expect(next.status == 0, "\(next.stderr)")
        let after = try hidden()
        #expect(after.isEmpty, "still there after the next write: \(after)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("</gpx>\n"))
    }
}
