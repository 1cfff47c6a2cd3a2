import Foundation
import Testing

/// `roam-board-enable BOARD` on a board already enabled (Boards/usb.md §1 has the rider run it again),
/// over folders that stand in for /etc, /usr/share/zoneinfo (`zoneinfo`: Europe/Berlin, Europe/London
/// and Etc/UTC only) and /sys/class/udc: the script's paths point there, and the system's tools are fakes on PATH
/// that log their arguments: `id` says root, `systemctl is-active` says what the test sets, `runuser`
/// (the self-test) exits with what the test sets. The system guest's g9 runs the same on a real systemd.
@Suite struct EnableAgainTests {
    struct Run {
        let status: Int32, stdout: String, stderr: String, calls: [String]
        let etc: URL
        func file(_ name: String) -> String? { try? String(contentsOf: etc.appendingPathComponent("roam-board/\(name)"), encoding: .utf8) }
        /// Removes the folder standing in for the machine (`boardsFolder`'s): each test's, in a defer.
        func remove() { TrialPaths.remove(etc.deletingLastPathComponent()) }
    }

    static let riderLine = "units = imperial"

    /// `etc` fills the folder standing in for /etc before the run; `udc` lists a USB device controller
    /// in the folder standing in for /sys/class/udc; `traced` runs it under strace (`ScriptTrace`).
    /// `selftestSays`: the self-test's lines, printed before it exits with `selftestStatus`.
    static func enable(boardConf: String?, recorder: String, paths: String? = nil, selftestStatus: Int, selftestSays: [String] = [], udc: Bool = false,
                       traced: Bool = false, etc fill: (URL) throws -> Void = { _ in }) throws -> Run {
        let (dir, script) = try PackagingScriptTests.boardsFolder()
        let etc = dir.appendingPathComponent("etc"), log = dir.appendingPathComponent("calls")
        for folder in ["roam-board", "udev/rules.d", "systemd/system"] {
            try FileManager.default.createDirectory(at: etc.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        if let boardConf { try boardConf.write(to: etc.appendingPathComponent("roam-board/board.conf"), atomically: true, encoding: .utf8) }
        let zoneinfo = Self.zoneinfo(etc: etc)
        for zone in ["Europe/Berlin", "Europe/London", "Etc/UTC"] {
            let file = zoneinfo.appendingPathComponent(zone)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/zoneinfo/" + zone), to: file)
        }
        try fill(etc)
        let udcDir = dir.appendingPathComponent("udc")
        try FileManager.default.createDirectory(at: udcDir, withIntermediateDirectories: true)
        if udc { try Data().write(to: udcDir.appendingPathComponent("3f980000.usb")) }
        try String(contentsOf: script, encoding: .utf8).replacingOccurrences(of: "/etc/", with: etc.path + "/")
            .replacingOccurrences(of: "/sys/class/udc", with: udcDir.path).replacingOccurrences(of: "/usr/share/zoneinfo", with: zoneinfo.path)
            .write(to: script, atomically: true, encoding: .utf8)
        let path = try fakeTools(in: dir, log: log, [("id", "echo 0"), ("udevadm", "exit 0"), ("modprobe", "exit 0"),
            ("mkfs.vfat", "exit 0"), ("mcopy", "exit 0"), ("runuser", selftestSays.map { "echo '\($0)'" }.joined(separator: "\n") + "\nexit \(selftestStatus)"),
            ("systemctl", "[ \"$1\" = is-active ] && { case \"$*\" in *.path*) s=\(paths ?? recorder) ;; *) s=\(recorder) ;; esac; "
                          + "echo $s; [ $s = active ]; exit; }; exit 0")])
        let result = try ScriptTrace.run([script.path, "rpi-zero-2w"], path: path, tracedIn: traced ? dir : nil)
        return Run(status: result.status, stdout: result.stdout, stderr: result.stderr, calls: calls(log), etc: etc)
    }

    /// The folder standing in for /usr/share/zoneinfo beside the one standing in for /etc.
    static func zoneinfo(etc: URL) -> URL { etc.deletingLastPathComponent().appendingPathComponent("usr/share/zoneinfo") }

    /// The system's tools as fakes in DIR/bin, each (but `id`) logging "TOOL ARGUMENTS" to `log`
    /// before its body; returns a PATH that finds them first.
    static func fakeTools(in dir: URL, log: URL, _ tools: [(name: String, body: String)]) throws -> String {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let logged = "echo \"$(basename \"$0\") $*\" >> \(log.path)\n"
        for (tool, body) in tools {
            let fake = bin.appendingPathComponent(tool)
            try ("#!/bin/sh\n" + (tool == "id" ? "" : logged) + body + "\n").write(to: fake, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        }
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    static func calls(_ log: URL) -> [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    static func packageBoardConf(_ board: String) throws -> String {
        try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/\(board)/board.conf"), encoding: .utf8)
    }

    /// It overwrote the rider's board.conf with the package's, and ran the self-test beside the running
    /// recorder (which holds the GPIO lines: EBUSY), then said "the recorder is not started" and exit 1.
    @Test func theSameBoardKeepsTheRidersFileAndStopsTheRecorderForTheCheckOnly() throws {
        let mine = try Self.packageBoardConf("rpi-zero-2w") + Self.riderLine + "\n"
        let run = try Self.enable(boardConf: mine, recorder: "active", selftestStatus: 0)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.file("board.conf") == mine)
        let order = ["systemctl stop roam-board.service", "runuser", "systemctl enable --now roam-board.service"]
            .map { step in run.calls.firstIndex { $0.hasPrefix(step) } }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { ($0 ?? 0) < ($1 ?? 0) }, "\(run.calls)")
        #expect(run.stdout.contains("board.conf of board rpi-zero-2w is kept") && run.stdout.contains("the recorder is running again"), "\(run.stdout)")
    }

    @Test func anotherBoardsFileIsKeptBesideThePackagesUnderItsName() throws {
        let pi4 = try Self.packageBoardConf("rpi-4") + Self.riderLine + "\n"
        let run = try Self.enable(boardConf: pi4, recorder: "inactive", selftestStatus: 0)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.file("board.conf") == Self.packageBoardConf("rpi-zero-2w"))
        #expect(run.file("board.conf.rpi-4") == pi4)
        #expect(run.stdout.contains("was board rpi-4's: kept as \(run.etc.path)/roam-board/board.conf.rpi-4"), "\(run.stdout)")
        #expect(!run.calls.contains("systemctl stop roam-board.service"), "\(run.calls)")
    }

    /// A failed check after stopping a running recorder starts it again and says so: before, the words
    /// said "not started" of a recorder that was running.
    @Test func aFailedCheckStartsTheRunningRecorderAgainAndSaysSo() throws {
        let run = try Self.enable(boardConf: try Self.packageBoardConf("rpi-zero-2w"), recorder: "active", selftestStatus: 1)
        defer { run.remove() }
        #expect(run.status == 1)
        #expect(run.calls.contains("systemctl start roam-board.service roam-board.path"), "\(run.calls)")
        #expect(run.calls.last == "systemctl start roam-board.path roam-board-drive.path", "\(run.calls)")
        #expect(run.stderr.contains("the recorder, running before, is started again") && !run.stderr.contains("not started"), "\(run.stderr)")
    }

    /// A check that failed on the database alone (a newer roam-board's, after a downgrade) was said as
    /// "a device is not ready (see … wiring.md)": the words now name what failed, and no wiring.
    @Test func aCheckThatFailedOnTheDatabaseAloneSaysSoNotADevice() throws {
        let database = "FAIL database /var/lib/roam-board/rides.db: it was made by a newer roam-board (schema 9; this one reads up to 8)"
        let run = try Self.enable(boardConf: nil, recorder: "inactive", selftestStatus: 74,
                                  selftestSays: ["OK   uart /dev/ttyAMA0 at 115200 baud: NMEA", database])
        defer { run.remove() }
        #expect(run.status == 1)
        #expect(run.stdout.contains(database), "the check's lines are shown: \(run.stdout)")
        #expect(!run.stderr.contains("a device is not ready") && !run.stderr.contains("wiring.md"), "\(run.stderr)")
        #expect(run.stderr.contains("not every check passed (database /var/lib/roam-board/rides.db: see above); the devices did"), "\(run.stderr)")
        let device = try Self.enable(boardConf: nil, recorder: "inactive", selftestStatus: 74,
                                     selftestSays: ["FAIL i2c /dev/i2c-1 bmp280 at 0x76: nothing answered", database])
        defer { device.remove() }
        #expect(device.stderr.contains("a device is not ready (i2c /dev/i2c-1 bmp280 at 0x76; database /var/lib/roam-board/rides.db: see above"),
                "\(device.stderr)")
        // Selftest beside a running recorder: "FAIL devices:" (a colon, no space) names the devices too.
        let beside = try Self.enable(boardConf: nil, recorder: "inactive", selftestStatus: 74,
                                     selftestSays: ["FAIL devices: not checked: the recorder is running (pid 42) and uses them"])
        defer { beside.remove() }
        #expect(beside.stderr.contains("a device is not ready (devices: see above"), "\(beside.stderr)")
    }

    /// A recorder that refused board.conf for good (failed) and its path unit, watching for the fix: a
    /// failed check stopped the path units and left them stopped, so saving the fixed board.conf
    /// started nothing. Those that ran run again, however the script ends.
    @Test func aFailedCheckLeavesThePathUnitsThatRanRunning() throws {
        let run = try Self.enable(boardConf: try Self.packageBoardConf("rpi-zero-2w"), recorder: "failed", paths: "active", selftestStatus: 1)
        defer { run.remove() }
        #expect(run.status == 1)
        #expect(run.calls.contains("systemctl stop roam-board.path"), "\(run.calls)")
        #expect(run.calls.last == "systemctl start roam-board.path roam-board-drive.path", "\(run.calls)")
    }

    /// `sed -n 's/^name *= *//p'` kept the spaces around the name that roam-board's reader trims, so
    /// the same board was taken for another: the rider's file was set aside and replaced.
    @Test(arguments: ["  name = rpi-zero-2w  ", "name\t=\trpi-zero-2w\t", "name=rpi-zero-2w"])
    func theSameBoardIsKnownByTheNameRoamBoardReads(_ nameLine: String) throws {
        let mine = try Self.packageBoardConf("rpi-zero-2w").replacingOccurrences(of: "name = rpi-zero-2w", with: nameLine)
            + Self.riderLine + "\n"
        let run = try Self.enable(boardConf: mine, recorder: "inactive", selftestStatus: 0)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.file("board.conf") == mine, "\(run.stdout)")
        #expect(run.stdout.contains("board.conf of board rpi-zero-2w is kept"), "\(run.stdout)")
    }

    /// A second change away from the same board overwrote the first saved file.
    @Test func aSavedFileIsNeverOverwritten() throws {
        let first = try Self.packageBoardConf("rpi-4") + "# the first\n", second = try Self.packageBoardConf("rpi-4") + Self.riderLine + "\n"
        let run = try Self.enable(boardConf: second, recorder: "inactive", selftestStatus: 0) { etc in
            try first.write(to: etc.appendingPathComponent("roam-board/board.conf.rpi-4"), atomically: true, encoding: .utf8)
        }
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.file("board.conf.rpi-4") == first && run.file("board.conf.rpi-4.1") == second)
        #expect(run.stdout.contains("kept as \(run.etc.path)/roam-board/board.conf.rpi-4.1"), "\(run.stdout)")
    }

    /// Enabling again reinstalled a changed drive unit and ran `enable --now`, which leaves a running
    /// drive on the old unit until the next boot. An unchanged unit must not restart the drive.
    @Test(arguments: [true, false])
    func aChangedDriveUnitIsRestartedAndAnUnchangedOneIsLeftRunning(_ changed: Bool) throws {
        let unit = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/rpi-zero-2w/roam-board-drive.service"), encoding: .utf8)
        let path = CLIRunner.repoRoot.appendingPathComponent("Boards/rpi-zero-2w/roam-board-drive.path")
        let run = try Self.enable(boardConf: try Self.packageBoardConf("rpi-zero-2w"), recorder: "active", selftestStatus: 0, udc: true) { etc in
            try (changed ? unit.replacingOccurrences(of: "Nice=10", with: "Nice=5") : unit)
                .write(to: etc.appendingPathComponent("systemd/system/roam-board-drive.service"), atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(at: path, to: etc.appendingPathComponent("systemd/system/roam-board-drive.path"))
        }
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: run.etc.appendingPathComponent("systemd/system/roam-board-drive.service"), encoding: .utf8) == unit)
        let drive = Array(run.calls.drop { !$0.hasPrefix("systemctl enable --now roam-board.service") }.dropFirst())
        let expected = (changed ? ["systemctl daemon-reload", "systemctl try-restart roam-board-drive.service"] : [])
            + ["systemctl enable --now roam-board-drive.path", "systemctl enable --now roam-board-drive.service",
               "systemctl start roam-board.path roam-board-drive.path"]
        #expect(drive == expected, "\(run.calls)")
    }

    /// Without a USB device controller yet, the drive's unit was installed and left disabled, and the
    /// udc rule (which now acts for an enabled unit only) would never start it: enabled, not started.
    @Test func withoutAControllerTheDrivesUnitIsEnabledForTheRuleToStart() throws {
        let run = try Self.enable(boardConf: nil, recorder: "inactive", selftestStatus: 0, udc: false)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.calls.contains("systemctl enable roam-board-drive.service"), "\(run.calls)")
        #expect(!run.calls.contains("systemctl enable --now roam-board-drive.service"), "\(run.calls)")
        #expect(run.stdout.contains("no USB device controller yet: the USB drive starts once one appears"), "\(run.stdout)")
    }
}
