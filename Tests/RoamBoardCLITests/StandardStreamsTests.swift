import Foundation
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
}
