import Foundation
import RoamSystem
import Testing

/// The process's standard streams as a shell may hand them over: closed (`2>&-`, `>&-`) or onto a
/// full disk (`>/dev/full`). The built binary runs under `sh -c`, which does the redirection.
@Suite struct StandardStreamsTests {
    /// Runs roam-board with `redirection` applied by the shell, e.g. `2>&-`.
    static func run(_ arguments: [String], redirection: String, cwd: URL? = nil) throws -> CLIRunner.Result {
        try CLIRunner.run(["-c", "exec \"$0\" \"$@\" " + redirection, CLIRunner.binary.path] + arguments,
                          cwd: cwd, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// With standard error closed, the recorder's lock file once took descriptor 2 and every line
    /// said to standard error was written into it, over the pid a second recorder is refused with.
    @Test func recordWithStandardErrorClosedLeavesItsLockFileToThePid() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A GPX replay is read whole and closed before the lock is taken (a capture stays open).
        let track = dir.appendingPathComponent("ride.gpx")
        let points = (0..<20).map { i in ReplayInputTests.point("48.\(1000 + i * 2)", "2024-05-01T10:00:\(10 + i)Z") }
        try Data(ReplayInputTests.gpx(points.joined()).utf8).write(to: track)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try Self.run(["record", "--board", "Boards/bench", "--db", db, "--replay", track.path], redirection: "2>&-")
        #expect(r.status == 0, "exit \(r.status)")
        let lock = try String(decoding: Data(contentsOf: URL(fileURLWithPath: db + ".lock")), as: UTF8.self)
        let digits = lock.dropLast()
        #expect(lock.hasSuffix("\n") && !digits.isEmpty && digits.allSatisfy(\.isNumber), "the lock file holds: \(lock.debugDescription)")
    }

    static let fullDisk = "cannot write standard output: no space left on device (the storage is full): free some space"

    /// `print` goes through stdio, whose buffer is written at exit: its failure was never checked.
    @Test func outputLostToAFullDiskExits74InWords() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let commands: [[String]] = [["--help"], ["rides", "--db", f.dbPath], ["rides", "--db", f.dbPath, "--last-id"],
                                    ["show", "--db", f.dbPath, "--ride", "\(f.a.id)"],
                                    ["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", "-"]]
        for command in commands {
            let r = try Self.run(command, redirection: ">/dev/full", cwd: f.directory)
            #expect(r.status == 74, "\(command): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains(Self.fullDisk), "\(command): \(r.stderr)")
        }
    }

    @Test func closedStandardOutputIsSaidSoAndExits74() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let commands: [[String]] = [["--version"], ["rides", "--db", f.dbPath],
                                    ["dump", "--db", f.dbPath, "--ride", "\(f.a.id)", "--format", "gpx", "-o", "-"]]
        for command in commands {
            let r = try Self.run(command, redirection: ">&-", cwd: f.directory)
            #expect(r.status == 74, "\(command): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("standard output is closed"), "\(command): \(r.stderr)")
            #expect(!r.stderr.contains("bad file descriptor"), "\(command): \(r.stderr)")
        }
    }

    /// A reader that stops early (`| head`) ends the writer by SIGPIPE (exit 141 in a shell), as
    /// every Unix command: the exit's check of standard output must not turn that into words.
    @Test func aPipeClosedEarlyStillEndsBySIGPIPE() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        // The page (about 240 KB) is far more than the pipe holds, so the writer meets the closed pipe.
        // Through ChildProcess, which starts the shell with SIGPIPE at its default as a rider's shell
        // has it: this test process may ignore SIGPIPE (the benchmarks in it do), and an ignored signal
        // stays ignored in every child, where bash cannot reset it.
        let r = try ChildProcess.run("/bin/bash", ["bash", "-c", "\"$0\" view --db \"$1\" --ride \"$2\" -o - | head -c 1 >/dev/null; "
                                                   + "echo \"${PIPESTATUS[0]}\"", CLIRunner.binary.path, f.dbPath, "\(f.a.id)"],
                                     limit: .seconds(300))
        let out = String(decoding: r.stdout, as: UTF8.self), err = String(decoding: r.stderr, as: UTF8.self)
        #expect(out == "141\n", "the writer's status: \(out.debugDescription)")
        #expect(err.isEmpty, "\(err)")
    }
}
