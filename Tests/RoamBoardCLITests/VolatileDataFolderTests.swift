import Foundation
import Testing

/// P1: a data directory in RAM (tmpfs; raspi-config's read-only overlay puts root's writes there
/// too) loses every ride at power-off, though write and fsync succeed and the LED blinks for each
/// batch. `selftest` fails it in words, `record` warns at start, `status` says it.
@Suite(.enabled(if: SharedMemoryFolder.isTmpfs, "needs /dev/shm on tmpfs, a folder in RAM this user may write"))
struct VolatileDataFolderTests {

    /// A copy of the bench board whose data directory is a new folder on /dev/shm; both removed after `body`.
    static func withBenchInRAM(_ body: (_ board: URL, _ data: URL) throws -> Void) throws {
        let board = try CLIRunner.temporaryDirectory()
        let data = URL(fileURLWithPath: "/dev/shm/roam-volatile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        let moved = conf.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("data_dir") ? "data_dir = \(data.path)" : String($0) }.joined(separator: "\n")
        try moved.write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        try body(board, data)
    }

    @Test func selftestFailsADataDirectoryOnTmpfsAndSaysWhatToDo() throws {
        try Self.withBenchInRAM { board, data in
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
            let r = try CLIRunner.run(["selftest", "--board", board.path])
            #expect(r.status == 74, "\(r.stdout)\(r.stderr)")
            let line = r.stdout.split(separator: "\n").first { $0.contains("data \(data.path)") }.map(String.init) ?? ""
            #expect(line.hasPrefix("FAIL data \(data.path): "), "\(r.stdout)")
            #expect(line.contains("tmpfs, in RAM"), "\(line)")
            #expect(line.contains("lost at power-off"), "\(line)")
            #expect(line.contains("data_dir"), "\(line)")
            #expect(r.stderr.contains("1 of 5 checks failed"), "\(r.stderr)")
        }
    }

    @Test func recordOnTmpfsWarnsOnceAtStartAndStatusSaysIt() throws {
        try Self.withBenchInRAM { board, data in
            let r = try CLIRunner.run(["record", "--board", board.path, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            let warnings = r.stderr.split(separator: "\n").filter { $0.contains("in RAM") }
            #expect(warnings.count == 1, "\(r.stderr)")
            #expect(warnings.first?.hasPrefix("roam-board record: warning: the data directory \(data.path) is on tmpfs, in RAM") == true,
                    "\(r.stderr)")
            #expect(warnings.first?.contains("lost at power-off") == true, "\(r.stderr)")

            let s = try CLIRunner.run(["status", "--board", board.path])
            #expect(s.status == 0, "\(s.stdout)\(s.stderr)")
            let volatile = s.stdout.split(separator: "\n").filter { $0.contains("VOLATILE") }
            #expect(volatile.count == 1, "\(s.stdout)")
            #expect(volatile.first?.contains("tmpfs, in RAM") == true, "\(s.stdout)")
        }
    }
}

/// /dev/shm: a tmpfs on every systemd machine, writable by every user.
enum SharedMemoryFolder {
    static var isTmpfs: Bool {
        let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
        return mounts.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().prefix(2) == ["/dev/shm", "tmpfs"] }
            && access("/dev/shm", W_OK) == 0
    }
}
