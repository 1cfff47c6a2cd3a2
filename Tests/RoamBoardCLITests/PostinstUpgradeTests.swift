import Foundation
import Testing

/// postinst after an upgrade (`configure OLDVERSION`), over folders standing in for /etc,
/// /usr/share/roam-board (the boards folder as the .deb lays it out), /var/lib and /run, with the
/// system's tools as logging fakes: the enabled board's units, udev rule and notes become the package's.
@Suite struct PostinstUpgradeTests {
    static let installed = ["systemd/system/roam-board.service": "roam-board.service",
                            "systemd/system/roam-board-drive.service": "roam-board-drive.service",
                            "udev/rules.d/99-roam-board.rules": "99-roam-board.rules", "roam-board/wiring.md": "wiring.md"]

    static let trigger = "udevadm trigger --action=change --subsystem-match=tty --subsystem-match=i2c-dev --subsystem-match=gpio"
    static let restartLine = "to run the new one now: sudo systemctl restart roam-board roam-board-drive"

    /// The board's name was read with `sed -n 's/^name *= *//p'`: "rpi-zero-2w  " named no board
    /// folder, so the upgrade left the old units in /etc under the new program, without a word.
    /// A changed udev rule was reloaded but applied only at the next boot: it is triggered now, for the
    /// board's three kinds of device.
    @Test func theEnabledBoardIsKnownByTheNameRoamBoardReads() throws {
        let (dir, calls, stdout) = try Self.upgrade(active: [])
        defer { try? FileManager.default.removeItem(at: dir) }
        let etc = dir.appendingPathComponent("etc"), boards = dir.appendingPathComponent("boards")
        for (path, file) in Self.installed {
            let package = try String(contentsOf: boards.appendingPathComponent("rpi-zero-2w/\(file)"), encoding: .utf8)
            #expect(try String(contentsOf: etc.appendingPathComponent(path), encoding: .utf8) == package, "/etc/\(path) is not the package's")
        }
        #expect(try String(contentsOf: etc.appendingPathComponent("roam-board/board.conf"), encoding: .utf8) == Self.riderBoardConf())
        #expect(calls == ["getent passwd roam", "systemctl daemon-reload", "udevadm control --reload", Self.trigger,
                          "systemctl is-enabled --quiet roam-board.service", "systemctl is-enabled --quiet roam-board-drive.service",
                          "systemctl is-enabled --quiet roam-board.service",
                          "systemctl is-active --quiet roam-board.service", "systemctl is-active --quiet roam-board-drive.service"])
        #expect(!stdout.contains(Self.restartLine), "\(stdout)")
    }

    /// roam-board-enable on a board without a USB device controller yet installed the drive's unit and
    /// left it disabled; the udc rule started it anyway. The rule now acts for an enabled unit only, so
    /// the upgrade enables it where the board is enabled and the drive's unit is not (and only there).
    @Test(arguments: [(["roam-board.service"], true), (["roam-board.service", "roam-board-drive.service"], false), ([], false)])
    func aBoardEnabledBeforeItHadAControllerHasItsDriveEnabled(_ enabled: [String], _ enables: Bool) throws {
        let (dir, calls, _) = try Self.upgrade(active: [], enabled: enabled)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(calls.contains("systemctl enable roam-board-drive.service") == enables, "\(enabled): \(calls)")
    }

    /// The upgrade restarted nothing and said nothing: the rider could not know that the old program
    /// runs on until the next boot. Said when either unit is active.
    @Test(arguments: ["roam-board.service", "roam-board-drive.service"])
    func anUpgradeUnderARunningUnitSaysHowTheNewProgramRuns(_ unit: String) throws {
        let (dir, _, stdout) = try Self.upgrade(active: [unit])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(stdout.contains(Self.restartLine), "\(stdout)")
        // "a ride in progress goes on" alone was false where the new program counts with another
        // pipeline algorithm: re-arm closes that ride (RearmPolicy).
        #expect(stdout.contains("(a ride in progress goes on, unless the new program derives fixes with another pipeline algorithm: "
                                + "then it closes that ride at its last fix and the next press starts a new one; "
                                + "'roam-board show' names the algorithm)\n"), "\(stdout)")
    }

    /// The units' RestartPreventExitStatus= leaves a unit that refused to start for good failed: a
    /// newer roam-board (a database of a newer one: 79) must start it, and bring each installed unit's
    /// path unit (saving board.conf starts a unit that refused it: 78), enabled and started with its unit.
    @Test(arguments: ["roam-board.service", "roam-board-drive.service"])
    func anUpgradeStartsAUnitThatRefusedForGoodAndBringsThePathUnits(_ refused: String) throws {
        let both = ["roam-board.service", "roam-board-drive.service"]
        let (dir, calls, stdout) = try Self.upgrade(active: both.filter { $0 != refused }, enabled: both, failed: [refused])
        defer { try? FileManager.default.removeItem(at: dir) }
        let etc = dir.appendingPathComponent("etc/systemd/system"), boards = dir.appendingPathComponent("boards/rpi-zero-2w")
        for path in ["roam-board.path", "roam-board-drive.path"] {
            let package = try String(contentsOf: boards.appendingPathComponent(path), encoding: .utf8)
            #expect(try String(contentsOf: etc.appendingPathComponent(path), encoding: .utf8) == package, "/etc/systemd/system/\(path)")
            #expect(calls.contains("systemctl enable \(path)") && calls.contains("systemctl start --no-block \(path)"), "\(calls)")
        }
        let unit = String(refused.dropLast(".service".count))
        #expect(calls.filter { $0.hasPrefix("systemctl start --no-block") && $0.hasSuffix(".service") } == ["systemctl start --no-block \(refused)"], "\(calls)")
        #expect(stdout.contains("roam-board: \(unit) had refused to start: started again with the new program (journalctl -u \(unit))"), "\(stdout)")
    }

    /// Not enabled (`apt remove`, then `apt install` again: the package was left in "rc" state, so
    /// this is an upgrade; or roam-board-enable --disable): nothing is started, no path unit enabled,
    /// and one line says so, with the board board.conf names. It said nothing: the rider waited for
    /// a recorder that would never start.
    @Test func anUpgradeStartsNothingNotEnabledAndSaysSo() throws {
        let (dir, calls, stdout) = try Self.upgrade(active: [], failed: ["roam-board.service", "roam-board-drive.service"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(!calls.contains { $0.hasPrefix("systemctl start") || $0.hasPrefix("systemctl enable") }, "\(calls)")
        #expect(stdout.split(separator: "\n") == [Substring(Self.notEnabledLine + "sudo roam-board-enable rpi-zero-2w")], "\(stdout)")
    }

    static let notEnabledLine = "roam-board: installed, but the recorder is not enabled (removed before, or disabled): nothing records until "

    /// An enabled recorder is not said to be disabled.
    @Test func anEnabledBoardIsNotSaidNotEnabled() throws {
        let (dir, _, stdout) = try Self.upgrade(active: ["roam-board.service"], enabled: ["roam-board.service"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(!stdout.contains("not enabled"), "\(stdout)")
    }

    /// The package's board.conf with the name line as a rider may have spaced it.
    static func riderBoardConf() throws -> String {
        try EnableAgainTests.packageBoardConf("rpi-zero-2w").replacingOccurrences(of: "name = rpi-zero-2w", with: "  name = rpi-zero-2w  ")
    }

    /// postinst configure 0.9 with the board enabled; systemctl says the `active` units are active and
    /// the `failed` ones failed; `enabled` units have the link `systemctl enable` makes for their
    /// WantedBy=multi-user.target, which is what `systemctl is-enabled` says.
    /// `traced`: under strace (`ScriptTrace`).
    static func upgrade(active: [String], enabled: [String] = [], failed: [String] = [],
                        traced: Bool = false) throws -> (dir: URL, calls: [String], stdout: String) {
        let (dir, _) = try PackagingScriptTests.boardsFolder()
        let etc = dir.appendingPathComponent("etc")
        for folder in ["roam-board", "udev/rules.d", "systemd/system"] {
            try FileManager.default.createDirectory(at: etc.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for folder in ["var/lib/roam-board", "run/systemd/system"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try riderBoardConf().write(to: etc.appendingPathComponent("roam-board/board.conf"), atomically: true, encoding: .utf8)
        for path in Self.installed.keys { try "# the release before\n".write(to: etc.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        let wants = etc.appendingPathComponent("systemd/system/multi-user.target.wants")
        try FileManager.default.createDirectory(at: wants, withIntermediateDirectories: true)
        for unit in enabled { try FileManager.default.createSymbolicLink(atPath: wants.appendingPathComponent(unit).path, withDestinationPath: "../\(unit)") }
        let script = dir.appendingPathComponent("postinst")
        try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("packaging/deb/postinst"), encoding: .utf8)
            .replacingOccurrences(of: "/etc/", with: etc.path + "/").replacingOccurrences(of: "/usr/share/roam-board/", with: dir.path + "/")
            .replacingOccurrences(of: "/var/lib/", with: dir.path + "/var/lib/").replacingOccurrences(of: "/run/", with: dir.path + "/run/")
            .write(to: script, atomically: true, encoding: .utf8)
        let log = dir.appendingPathComponent("calls")
        let listed = { (units: [String]) in units.map { "[ \"$3\" = \($0) ] && exit 0; " }.joined() }
        let systemctl = "[ \"$1\" = is-active ] && { \(listed(active))exit 3; }; [ \"$1\" = is-failed ] && { \(listed(failed))exit 1; }; "
            + "[ \"$1\" = is-enabled ] && { [ -e \(wants.path)/\"$3\" ] && exit 0; exit 1; }; exit 0"
        let path = try EnableAgainTests.fakeTools(in: dir, log: log, [("getent", "exit 0"), ("systemctl", systemctl), ("udevadm", "exit 0")])
        let run = try ScriptTrace.run([script.path, "configure", "0.9"], path: path, tracedIn: traced ? dir : nil)
        #expect(run.status == 0, "\(run.stderr)")
        return (dir, EnableAgainTests.calls(log), run.stdout)
    }
}
