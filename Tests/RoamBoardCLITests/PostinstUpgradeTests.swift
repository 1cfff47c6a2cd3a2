import Foundation
import Testing

/// postinst after an upgrade (`configure OLDVERSION`), over folders standing in for /etc,
/// /usr/share/roam-board (the boards folder as the .deb lays it out), /var/lib and /run, with the
/// system's tools as logging fakes: the enabled board's units, udev rule and notes become the package's.
@Suite struct PostinstUpgradeTests {
    static let installed = ["systemd/system/roam-board.service": "roam-board.service",
                            "systemd/system/roam-board-drive.service": "roam-board-drive.service",
                            "udev/rules.d/99-roam-board.rules": "99-roam-board.rules", "roam-board/wiring.md": "wiring.md"]

    /// The board's name was read with `sed -n 's/^name *= *//p'`: "rpi-zero-2w  " named no board
    /// folder, so the upgrade left the old units in /etc under the new program, without a word.
    @Test func theEnabledBoardIsKnownByTheNameRoamBoardReads() throws {
        let (dir, _) = try PackagingScriptTests.boardsFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let etc = dir.appendingPathComponent("etc"), boards = dir.appendingPathComponent("boards")
        for folder in ["roam-board", "udev/rules.d", "systemd/system"] {
            try FileManager.default.createDirectory(at: etc.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for folder in ["var/lib/roam-board", "run/systemd/system"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let conf = try EnableAgainTests.packageBoardConf("rpi-zero-2w").replacingOccurrences(of: "name = rpi-zero-2w", with: "  name = rpi-zero-2w  ")
        try conf.write(to: etc.appendingPathComponent("roam-board/board.conf"), atomically: true, encoding: .utf8)
        for path in Self.installed.keys { try "# the release before\n".write(to: etc.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        let script = dir.appendingPathComponent("postinst")
        try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("packaging/deb/postinst"), encoding: .utf8)
            .replacingOccurrences(of: "/etc/", with: etc.path + "/").replacingOccurrences(of: "/usr/share/roam-board/", with: dir.path + "/")
            .replacingOccurrences(of: "/var/lib/", with: dir.path + "/var/lib/").replacingOccurrences(of: "/run/", with: dir.path + "/run/")
            .write(to: script, atomically: true, encoding: .utf8)
        let log = dir.appendingPathComponent("calls")
        let path = try EnableAgainTests.fakeTools(in: dir, log: log, [("getent", "exit 0"), ("systemctl", "exit 0"), ("udevadm", "exit 0")])
        let run = try CLIRunner.run([script.path, "configure", "0.9"], environment: ["PATH": path], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 0, "\(run.stderr)")
        for (path, file) in Self.installed {
            let package = try String(contentsOf: boards.appendingPathComponent("rpi-zero-2w/\(file)"), encoding: .utf8)
            #expect(try String(contentsOf: etc.appendingPathComponent(path), encoding: .utf8) == package, "/etc/\(path) is not the package's")
        }
        #expect(try String(contentsOf: etc.appendingPathComponent("roam-board/board.conf"), encoding: .utf8) == conf)
        #expect(EnableAgainTests.calls(log) == ["getent passwd roam", "systemctl daemon-reload", "udevadm control --reload"])
    }
}
