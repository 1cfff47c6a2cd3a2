import Foundation
import RoamTestSupport
import Testing

/// P1: a data directory in RAM (tmpfs; raspi-config's read-only overlay puts root's writes there
/// too) loses every ride at power-off, though write and fsync succeed and the LED blinks for each
/// batch. On a real board `selftest` fails it in words and `record` warns at start; `status` says
/// it. The bench is a bench (its rides simulated, its folder often /tmp, a tmpfs on Debian 13): a
/// NOTE and a note, not a FAIL and a warning.
@Suite(.needs(SharedMemoryFolder.isTmpfs, "needs /dev/shm on tmpfs, a folder in RAM this user may write"))
struct VolatileDataFolderTests {

    /// A copy of `source`'s board.conf whose data directory is a new folder on /dev/shm, with
    /// `changes` (key to value); both removed after `body`.
    static func withBoardInRAM(_ source: String = "bench", _ changes: [String: String] = [:],
                               _ body: (_ board: URL, _ data: URL) throws -> Void) throws {
        let board = try CLIRunner.temporaryDirectory()
        let data = URL(fileURLWithPath: "/dev/shm/roam-volatile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: board); try? FileManager.default.removeItem(at: data) }
        let conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/\(source)/board.conf"), encoding: .utf8)
        let values = changes.merging(["data_dir": data.path]) { mine, _ in mine }
        let moved = conf.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let key = line.split(separator: " ").first.map(String.init) ?? ""
            return values[key].map { "\(key) = \($0)" } ?? String(line)
        }.joined(separator: "\n")
        try moved.write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        try body(board, data)
    }

    /// A real board whose devices are not there: its checks fail fast, and the data directory's is judged as on a Pi.
    static let absentDevices = ["uart": "/dev/ttyAMA77", "i2c_bus": "/dev/i2c-77", "gpio_chip": "/dev/gpiochip77"]

    @Test func selftestFailsADataDirectoryOnTmpfsOnARealBoardAndSaysWhatToDo() throws {
        try Self.withBoardInRAM("kernel-sim", Self.absentDevices) { board, data in
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
            let r = try CLIRunner.run(["selftest", "--board", board.path])
            #expect(r.status == 74, "\(r.stdout)\(r.stderr)")
            let line = r.stdout.split(separator: "\n").first { $0.contains("data \(data.path)") }.map(String.init) ?? ""
            #expect(line.hasPrefix("FAIL data \(data.path): "), "\(r.stdout)")
            #expect(line.contains("tmpfs, in RAM"), "\(line)")
            #expect(line.contains("lost at power-off"), "\(line)")
            #expect(line.contains("data_dir"), "\(line)")
        }
    }

    @Test func selftestNotesTheBenchsDataDirectoryOnTmpfs() throws {
        try Self.withBoardInRAM { board, data in
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
            let r = try CLIRunner.run(["selftest", "--board", board.path])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            let line = r.stdout.split(separator: "\n").first { $0.contains("data \(data.path)") }.map(String.init) ?? ""
            #expect(line.hasPrefix("NOTE data \(data.path): writable (write + fsync), "), "\(r.stdout)")
            #expect(line.contains("on tmpfs, in RAM: the bench's simulated rides here are lost at power-off"), "\(line)")
            #expect(!r.stdout.contains("FAIL") && !r.stderr.contains("failed"), "\(r.stdout)\(r.stderr)")
        }
    }

    @Test func recordOnTmpfsOnARealBoardWarnsOnceAtStart() throws {
        try Self.withBoardInRAM("kernel-sim", Self.absentDevices) { board, data in
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
            // Recorded, with one warning said before any device: the recorder then waits for its
            // absent receiver, and is ended once it has said it.
            let recorder = try TrialChild(CLIRunner.binary, ["record", "--board", board.path, "--quiet"])
            defer { recorder.kill() }
            #expect(recorder.waitForStderr(containing: "in RAM"), "\(recorder.stderrLines)")
            recorder.kill()
            let warnings = recorder.stderrLines.filter { $0.contains("in RAM") }
            #expect(warnings.count == 1, "\(recorder.stderrLines)")
            #expect(warnings.first?.hasPrefix("roam-board record: warning: the data directory \(data.path) is on tmpfs, in RAM") == true,
                    "\(recorder.stderrLines)")
            #expect(warnings.first?.contains("lost at power-off") == true, "\(recorder.stderrLines)")
        }
    }

    @Test func recordOnTmpfsOnTheBenchNotesItOnceAndStatusSaysIt() throws {
        try Self.withBoardInRAM { board, data in
            let r = try CLIRunner.run(["record", "--board", board.path, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            let notes = r.stderr.split(separator: "\n").filter { $0.contains("in RAM") }
            #expect(notes.count == 1, "\(r.stderr)")
            #expect(notes.first?.hasPrefix("roam-board record: note: the data directory \(data.path) is on tmpfs, in RAM: "
                + "the bench's simulated rides here are lost at power-off") == true, "\(r.stderr)")
            #expect(!r.stderr.contains("warning"), "\(r.stderr)")

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
