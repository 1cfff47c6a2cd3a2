import Foundation
import Testing

/// board.conf's rate and commit cadence as `record` reads them: a bad value
/// exits 65 with one line naming the key and its line, before anything is opened or created.
@Suite struct BoardCadenceKeyTests {
    /// The bench board's file with `line` appended, in a folder of its own (its data directory there too).
    private func board(with line: String) throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        let bench = CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf")
        let text = try String(contentsOf: bench, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("rate_hz") && !$0.hasPrefix("commit_interval_s") && !$0.hasPrefix("data_dir") }
            .joined(separator: "\n")
        try "\(text)\ndata_dir = data\n\(line)\n".write(to: dir.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test(arguments: ["commit_interval_s = 0", "commit_interval_s = 50", "commit_interval_s = ten",
                      "rate_hz = 0", "rate_hz = 50", "rate_hz = ten"])
    func badValueExits78NamingTheKey(_ line: String) throws {
        let dir = try board(with: line)
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = String(line.prefix { $0 != " " })
        let r = try CLIRunner.run(["record", "--board", dir.path, "--quiet"])
        // The recorder's board.conf error: 78, which its unit does not restart (RefusedForGood).
        #expect(r.status == 78, "\(r.stderr)")
        #expect(r.stderr.contains("board.conf:") && r.stderr.contains("'\(key)' must be"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("data").path))
    }

    @Test func commitIntervalFlagIsForTheBenchAndBounded() throws {
        let bad = try CLIRunner.run(["record", "--board", "Boards/bench", "--commit-interval", "6", "--quiet"])
        #expect(bad.status == 64 && bad.stderr.contains("--commit-interval expects seconds from 0 to 5, found '6'"), "\(bad.stderr)")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = CLIRunner.repoRoot.appendingPathComponent("Boards/rpi-4").path
        let refused = try CLIRunner.run(["record", "--board", real, "--db", dir.appendingPathComponent("r.db").path, "--commit-interval", "1"])
        #expect(refused.status == 64 && refused.stderr.contains("apply to the bench board only"), "\(refused.stderr)")
    }
}
