import Foundation
import Testing

/// P9 "no account, no network, no sync": the recorder opens no socket. `record` on the bench board
/// runs the whole recorder (pty receiver, BMP280 driver, button and LED threads, SQLite) under
/// `strace -f`, which logs every network system call of every thread; the log must stay empty.
@Suite struct NoSocketTests {
    static let strace = "/usr/bin/strace"

    /// Runs `program` under strace, logging only network calls; returns its status and the log.
    func traced(_ program: String, _ arguments: [String], in dir: URL) throws -> (status: Int32, calls: [String]) {
        let log = dir.appendingPathComponent("strace-\(UUID().uuidString).txt")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.strace)
        p.arguments = ["-f", "-qq", "-e", "signal=none", "-e", "trace=%network", "-o", log.path, program] + arguments
        p.currentDirectoryURL = CLIRunner.repoRoot
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        let text = try String(contentsOf: log, encoding: .utf8)  // strace creates it even when nothing is logged
        return (p.terminationStatus, text.split(separator: "\n").map(String.init))
    }

    @Test("P9: record on the bench board opens no socket")
    func recordOpensNoSocket() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.strace), "strace is missing: scripts/test installs it")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }

        // The harness can see a socket: a control program that opens one is caught.
        let control = try traced("/usr/bin/python3", ["-c", "import socket; socket.socket().close()"], in: dir)
        try #require(control.status == 0, "strace could not trace (ptrace not permitted?)")
        #expect(control.calls.contains { $0.contains("socket(AF_INET") })

        let db = dir.appendingPathComponent("rides.db").path
        let run = try traced(CLIRunner.binary.path, ["record", "--board", "Boards/bench", "--db", db, "--quiet"], in: dir)
        #expect(run.status == 0)
        #expect(run.calls.isEmpty, "the recorder made network calls:\n\(run.calls.joined(separator: "\n"))")
        // It really recorded: one ride with the simulated fixes.
        let rides = try CLIRunner.run(["rides", "--db", db])
        #expect(rides.status == 0)
        #expect(rides.stdout.contains("stopped"))
    }
}
