import Foundation
import Testing

/// A Pi board's recorder under its shipped unit (systemd names the unit's StateDirectory in
/// $STATE_DIRECTORY) with board.conf's data_dir elsewhere: refused at start in words, before any
/// device is opened and before anything is written (before: a read-only file system, "check the
/// mount", at every restart, while `selftest` outside the sandbox said OK).
@Suite struct ServiceDataFolderTests {
    @Test func aDataDirOutsideTheStateDirectoryIsRefusedAtStart() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = dir.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: board, withIntermediateDirectories: true)
        let data = dir.appendingPathComponent("rides")
        let conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/rpi-zero-2w/board.conf"), encoding: .utf8)
            .replacingOccurrences(of: "data_dir = /var/lib/roam-board", with: "data_dir = \(data.path)")
        try conf.write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)

        let r = try CLIRunner.run(["record", "--board", board.path], environment: ["STATE_DIRECTORY": "/var/lib/roam-board"])
        // 78: board.conf's to change, which no restart does (RefusedForGood).
        #expect(r.status == 78, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr == "roam-board record: cannot record: the data folder \(data.path) (board.conf's data_dir) is outside the only "
                + "folder this service may write, its state directory /var/lib/roam-board (every other folder is read-only to it: "
                + "the unit's ProtectSystem=strict): set data_dir = /var/lib/roam-board in board.conf, then sudo systemctl restart roam-board\n",
                "said: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data.path), "the refused data folder was made")
    }
}
