import Foundation
import Testing

/// `roam-board-enable BOARD` on a board already enabled (Boards/usb.md §1 has the rider run it again),
/// over a folder that stands in for /etc: the script's `/etc/` paths point there, and the system's
/// tools are fakes on PATH that log their arguments: `id` says root, `systemctl is-active` says what
/// the test sets, `runuser` (the self-test) exits with what the test sets. The system guest's g9 runs
/// the same on a real systemd.
@Suite struct EnableAgainTests {
    struct Run {
        let status: Int32, stdout: String, stderr: String, calls: [String]
        let etc: URL
        func file(_ name: String) -> String? { try? String(contentsOf: etc.appendingPathComponent("roam-board/\(name)"), encoding: .utf8) }
    }

    static let riderLine = "units = imperial"

    static func enable(boardConf: String?, recorder: String, selftestStatus: Int) throws -> Run {
        let (dir, script) = try PackagingScriptTests.boardsFolder()
        let etc = dir.appendingPathComponent("etc"), bin = dir.appendingPathComponent("bin"), log = dir.appendingPathComponent("calls")
        for folder in ["roam-board", "udev/rules.d", "systemd/system"] {
            try FileManager.default.createDirectory(at: etc.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        if let boardConf { try boardConf.write(to: etc.appendingPathComponent("roam-board/board.conf"), atomically: true, encoding: .utf8) }
        try String(contentsOf: script, encoding: .utf8).replacingOccurrences(of: "/etc/", with: etc.path + "/")
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let logged = "echo \"$(basename \"$0\") $*\" >> \(log.path)\n"
        for (tool, body) in [("id", "echo 0"), ("udevadm", "exit 0"), ("modprobe", "exit 0"),
                             ("runuser", "exit \(selftestStatus)"),
                             ("systemctl", "[ \"$1\" = is-active ] && { echo \(recorder); [ \(recorder) = active ]; exit; }; exit 0")] {
            let fake = bin.appendingPathComponent(tool)
            try ("#!/bin/sh\n" + (tool == "id" ? "" : logged) + body + "\n").write(to: fake, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        }
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try CLIRunner.run([script.path, "rpi-zero-2w"], environment: ["PATH": path], executable: URL(fileURLWithPath: "/bin/sh"))
        let calls = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return Run(status: result.status, stdout: result.stdout, stderr: result.stderr, calls: calls, etc: etc)
    }

    static func packageBoardConf(_ board: String) throws -> String {
        try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/\(board)/board.conf"), encoding: .utf8)
    }

    /// It overwrote the rider's board.conf with the package's, and ran the self-test beside the running
    /// recorder (which holds the GPIO lines: EBUSY), then said "the recorder is not started" and exit 1.
    @Test func theSameBoardKeepsTheRidersFileAndStopsTheRecorderForTheCheckOnly() throws {
        let mine = try Self.packageBoardConf("rpi-zero-2w") + Self.riderLine + "\n"
        let run = try Self.enable(boardConf: mine, recorder: "active", selftestStatus: 0)
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
        #expect(run.status == 1)
        #expect(run.calls.last == "systemctl start roam-board.service", "\(run.calls)")
        #expect(run.stderr.contains("the recorder, running before, is started again") && !run.stderr.contains("not started"), "\(run.stderr)")
    }
}
