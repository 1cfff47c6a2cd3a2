import Foundation
import Testing

/// prerm, postrm and `roam-board-enable --disable` over folders standing in for /etc, /run and
/// /sys/kernel/config, with systemctl, udevadm and roam-board as fakes that log their arguments.
@Suite struct PackagingRemovalTests {
    struct Run {
        let status: Int32, stdout: String, stderr: String, calls: [String]
        let dir: URL
        var removal: String { "roam-board drive --board \(dir.path)/etc/roam-board --remove" }
    }

    /// Runs packaging/deb/NAME (roam-board-enable from the boards folder the .deb lays out) with
    /// `arguments`; `gadget`: the drive's gadget is in configfs.
    static func run(_ name: String, _ arguments: [String], gadget: Bool) throws -> Run {
        let (dir, enable) = try PackagingScriptTests.boardsFolder()
        let configfs = dir.appendingPathComponent("sys/kernel/config")
        for folder in ["sys/kernel/config/usb_gadget" + (gadget ? "/roam-board" : ""), "run/systemd/system", "etc/roam-board"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let source = name == "roam-board-enable" ? enable : CLIRunner.repoRoot.appendingPathComponent("packaging/deb/\(name)")
        let text = try String(contentsOf: source, encoding: .utf8).replacingOccurrences(of: "/sys/kernel/config", with: configfs.path)
            .replacingOccurrences(of: "/run/", with: dir.path + "/run/").replacingOccurrences(of: "/etc/", with: dir.path + "/etc/")
        // purge removes what it finds under /etc: never the machine's own.
        try #require(!text.contains(" /etc/"))
        let script = dir.appendingPathComponent(name + ".tried")
        try text.write(to: script, atomically: true, encoding: .utf8)
        let log = dir.appendingPathComponent("calls")
        let path = try EnableAgainTests.fakeTools(in: dir, log: log, [("systemctl", "exit 0"), ("udevadm", "exit 0"), ("roam-board", "exit 0")])
        let r = try CLIRunner.run([script.path] + arguments, environment: ["PATH": path], executable: URL(fileURLWithPath: "/bin/sh"))
        return Run(status: r.status, stdout: r.stdout, stderr: r.stderr, calls: EnableAgainTests.calls(log), dir: dir)
    }

    /// Stopped, the keeper leaves its gadget bound on purpose: after `apt remove` a computer still saw
    /// the drive, the USB controller stayed taken and a deleted drive.img kept its space, until reboot.
    @Test func removalTakesTheDriveOffTheCableOnceTheUnitsStopped() throws {
        let run = try Self.run("prerm", ["remove"], gadget: true)
        defer { try? FileManager.default.removeItem(at: run.dir) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.calls == ["systemctl disable --now roam-board-drive.path", "systemctl disable --now roam-board.path",
                              "systemctl stop roam-board-drive.service roam-board.service", "systemctl disable roam-board-drive.service",
                              "systemctl disable roam-board.service", run.removal], "\(run.calls)")
        // apt said nothing of the rides: the one line that says where they stay.
        #expect(run.stdout == "roam-board: removed; the rides stay in /var/lib/roam-board (apt purge does not delete them either)\n",
                "\(run.stdout)")
    }

    /// An upgrade keeps the drive for a computer reading it; no gadget, nothing to take off.
    @Test(arguments: [(["upgrade", "1.0"], true), (["remove"], false)])
    func anUpgradeOrABoardWithoutTheDriveLeavesTheGadgetAlone(_ arguments: [String], _ gadget: Bool) throws {
        let run = try Self.run("prerm", arguments, gadget: gadget)
        defer { try? FileManager.default.removeItem(at: run.dir) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.calls.contains { $0.hasPrefix("roam-board") }, "\(run.calls)")
        #expect(run.stdout.contains("the rides stay") == (arguments == ["remove"]), "\(run.stdout)")
    }

    @Test func disableTakesTheDriveOffTheCableAfterStoppingIt() throws {
        let run = try Self.run("roam-board-enable", ["--disable"], gadget: true)
        defer { try? FileManager.default.removeItem(at: run.dir) }
        #expect(run.status == 0, "\(run.stderr)")
        // The path units first: an edit of /etc/roam-board meanwhile starts nothing.
        #expect(run.calls == ["systemctl disable --now roam-board-drive.path", "systemctl disable --now roam-board.path",
                              "systemctl disable --now roam-board-drive.service", run.removal,
                              "systemctl disable --now roam-board.service"], "\(run.calls)")
    }

    /// Purge removed the udev rule but left it in udev: /dev/roam-gpiochip and user roam's hold on the
    /// UART and the I2C bus lasted until the next boot.
    @Test func purgeTakesTheUdevRuleBackNow() throws {
        let run = try Self.run("postrm", ["purge"], gadget: false)
        defer { try? FileManager.default.removeItem(at: run.dir) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: run.dir.appendingPathComponent("etc/roam-board").path))
        #expect(run.calls == ["systemctl daemon-reload", "udevadm control --reload",
                              "udevadm trigger --action=change --subsystem-match=tty --subsystem-match=i2c-dev --subsystem-match=gpio"], "\(run.calls)")
        #expect(run.stdout == "roam-board: purged \(run.dir.path)/etc/roam-board; the rides stay in /var/lib/roam-board "
                + "(delete that folder yourself if you mean to)\n", "\(run.stdout)")
    }
}
