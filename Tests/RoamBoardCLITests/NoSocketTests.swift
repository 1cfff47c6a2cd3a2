import Foundation
import Testing

/// P9 "no account, no network, no sync": the recorder opens no socket. `record` on the bench board
/// runs the whole recorder (pty receiver, BMP280 driver, button and LED threads, SQLite) under
/// `strace -f`, which logs every network system call of every thread; the log must stay empty.
/// (Its seccomp filter stops the program at network calls only, so the ride runs at its own pace.)
@Suite struct NoSocketTests {
    static let strace = "/usr/bin/strace"

    /// Runs `program` under strace, logging only network calls; returns its status, the log, and
    /// what the program said on its standard error (kept in a file: a failure says why).
    func traced(_ program: String, _ arguments: [String], in dir: URL) throws -> (status: Int32, calls: [String], said: String) {
        let log = dir.appendingPathComponent("strace-\(UUID().uuidString).txt")
        let said = dir.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        #expect(FileManager.default.createFile(atPath: said.path, contents: nil))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.strace)
        // --seccomp-bpf: only the network calls stop the program. Without it every system call of
        // every thread waited for strace to be scheduled, and on a loaded machine the bench ride's
        // 5 s took 473 s and a step of its script gave up after 180 s (exit 75).
        p.arguments = ["--seccomp-bpf", "-f", "-qq", "-e", "signal=none", "-e", "trace=%network", "-o", log.path, program] + arguments
        p.currentDirectoryURL = CLIRunner.repoRoot
        p.standardOutput = FileHandle.nullDevice
        p.standardError = try FileHandle(forWritingTo: said)
        try p.run()
        p.waitUntilExit()
        let text = try String(contentsOf: log, encoding: .utf8)  // strace creates it even when nothing is logged
        return (p.terminationStatus, text.split(separator: "\n").map(String.init), (try? String(contentsOf: said, encoding: .utf8)) ?? "")
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
        #expect(run.status == 0, "record under strace: \(run.said)")
        #expect(run.calls.isEmpty, "the recorder made network calls:\n\(run.calls.joined(separator: "\n"))")
        // It really recorded: one ride with the simulated fixes.
        let rides = try CLIRunner.run(["rides", "--db", db])
        #expect(rides.status == 0)
        #expect(rides.stdout.contains("stopped"))
    }
}
