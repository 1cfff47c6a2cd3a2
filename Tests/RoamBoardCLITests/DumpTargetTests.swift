import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamStore
import RoamSystem

/// What `dump -o` writes over, and what it leaves beside its files. A named pipe at the target once
/// held `dump` in open() for good (the comparison with an existing file opened it to read) and,
/// with --force, was replaced by a file; a 252-byte name (the file system takes 255) was refused
/// because the file was written as NAME.partial beside it; and a dump killed mid-file left that
/// NAME.partial in the rider's folder for good.
@Suite struct DumpTargetTests {
    /// Runs a dump that must end by itself: one still running after the bound is killed (status 9, a failure).
    private func dumpEnding(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let child = try TrialChild(TrialPaths.binary, ["dump"] + arguments)
        child.wait(timeoutS: 60) { _, _ in false } // returns once both streams closed, or at the bound
        if child.process.isRunning { child.kill() }
        return (child.finish(), child.stderrLines.joined(separator: "\n"))
    }

    @Test(arguments: [false, true])
    func aNamedPipeAtTheTargetIsRefusedInWordsAndLeftAsItIs(force: Bool) throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let pipe = f.directory.appendingPathComponent("ff.gpx").path
        try #require(mkfifo(pipe, 0o644) == 0)
        let r = try dumpEnding(["--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", pipe] + (force ? ["--force"] : []))
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(pipe): it is a named pipe (FIFO), not a file; nothing is written over it, "
                                  + "--force or not: remove it, or give another name"), "\(r.stderr)")
        var st = stat()
        #expect(stat(pipe, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO, "the named pipe was replaced")
    }

    /// A symbolic link at the target is not a file of the rider's to replace: refused in words, --force
    /// or not, the link and what it points at left as they are (--force once replaced it without a word).
    @Test(arguments: [false, true])
    func aSymbolicLinkAtTheTargetIsRefusedInWordsAndLeftAsItIs(force: Bool) throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let real = f.directory.appendingPathComponent("real.gpx").path, link = f.directory.appendingPathComponent("ff.gpx").path
        try Data("kept".utf8).write(to: URL(fileURLWithPath: real))
        try #require(symlink(real, link) == 0)
        let r = try dumpEnding(["--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", link] + (force ? ["--force"] : []))
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(link): it is a symbolic link (to \(real)), not a file; nothing is written over it, "
                                  + "--force or not: remove it, or give another name"), "\(r.stderr)")
        var st = stat()
        #expect(lstat(link, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK, "the link was replaced")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "kept")
    }

    /// A read-only file is replaced only with --force, and that is said in one line.
    @Test func aReadOnlyFileIsReplacedOnlyWithForceAndSaidSo() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let file = f.directory.appendingPathComponent("ro.gpx").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        try #require(chmod(file, 0o444) == 0)
        let plain = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", file])
        #expect(plain.status != 0 && plain.stderr.contains("\(file) already exists with other contents; pass --force to overwrite"), "\(plain.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
        let forced = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", file, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.split(separator: "\n").map(String.init)
                == ["dump: \(file) was read-only (mode 0444): replaced, as --force asks"], "\(forced.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("</gpx>\n"))
    }

    /// In a folder the ride's own name is looked at too: a folder there is said, before any file is written.
    @Test func aFolderAtARidesNameInTheOutputFolderIsRefusedBeforeAnyFile() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let out = f.directory.appendingPathComponent("out")
        let taken = out.appendingPathComponent("20260615T073000Z-ride-\(f.b.id).gpx")
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
        let r = try dumpEnding(["--db", f.dbPath, "--all", "--format", "gpx", "-o", out.path + "/", "--force"])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("cannot write \(taken.path): it is a folder, not a file"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [taken.lastPathComponent])
    }

    @Test func aNameOf252BytesIsWritten() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let file = f.directory.appendingPathComponent(String(repeating: "a", count: 248) + ".gpx").path
        let r = try CLIRunner.run(["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", file])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == file + "\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("</gpx>\n"))
    }

    /// strace sends the signal as the second ride's file is fsynced (the third fsync: the first
    /// ride's file, its folder, then this one): the first file is whole under its name, and the
    /// second, unfinished, is nowhere, under no name of any kind.
    @Test(.needs(TrialPaths.tool("strace") != nil, "strace is missing: install Debian's strace (scripts/test does)"),
          arguments: ["SIGINT", "SIGTERM", "SIGHUP"])
    func aDumpKilledAfterItsFirstFileLeavesNoUnfinishedFile(signal: String) throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let out = f.directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let strace = try #require(TrialPaths.tool("strace"))
        // ChildProcess, not Foundation's Process: its children inherit this test process's mask, which blocks
        // every signal, so the dump never died of one. A rider's shell starts it with none blocked.
        let r = try ChildProcess.run(strace.path, ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync",
                                                   "-e", "inject=fsync:signal=\(signal):when=3", TrialPaths.binary.path,
                                                   "dump", "--db", f.dbPath, "--all", "--format", "gpx", "-o", out.path + "/"], limit: .seconds(120))
        #expect(r.signal != 0, "the dump was not killed: \(String(decoding: r.stderr, as: UTF8.self))")
        let first = "20260614T073000Z-ride-\(f.a.id).gpx"
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [first])
        #expect(try String(contentsOfFile: out.appendingPathComponent(first).path, encoding: .utf8).hasSuffix("</gpx>\n"))
        let marked = try RideReader(path: f.dbPath).rides().filter { $0.dumpedUTCms != nil }.map(\.id)
        #expect(marked.isEmpty, "a killed dump marked rides \(marked)")
    }
}
