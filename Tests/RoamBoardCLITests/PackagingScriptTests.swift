import Foundation
import Testing

/// The README's packaging commands as a reader tries them, never as root (nothing is built or installed).
/// `roam-board-enable` runs over a boards folder laid out as the .deb lays it out (scripts/package-arm64):
/// a real board with its unit, and the bench board with only board.conf and wiring.md, from a copy
/// whose one changed line points BOARDS at that folder.
@Suite struct PackagingScriptTests {
    static func boardsFolder() throws -> (dir: URL, script: URL) {
        let dir = try CLIRunner.temporaryDirectory()
        let boards = dir.appendingPathComponent("boards")
        for (board, files) in [("rpi-zero-2w", ["board.conf", "wiring.md", "roam-board.service", "99-roam-board.rules"]),
                               ("bench", ["board.conf", "wiring.md"])] {
            let folder = boards.appendingPathComponent(board)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try FileManager.default.copyItem(at: CLIRunner.repoRoot.appendingPathComponent("Boards/\(board)/\(file)"),
                                                 to: folder.appendingPathComponent(file))
            }
        }
        let original = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("packaging/deb/roam-board-enable"), encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.filter { $0.hasPrefix("BOARDS=") }.count == 1)
        let script = dir.appendingPathComponent("roam-board-enable")
        try lines.map { $0.hasPrefix("BOARDS=") ? "BOARDS=\(boards.path)" : $0 }.joined(separator: "\n")
            .write(to: script, atomically: true, encoding: .utf8)
        return (dir, script)
    }

    /// As a user other than root (nobody, when the tests run as root), so a script that went past
    /// its checks would stop at "run it as root" (exit 77) before writing to /etc.
    static func runUnprivileged(_ script: URL, _ arguments: [String], shell: String = "/bin/sh") throws -> CLIRunner.Result {
        if getuid() != 0 { return try CLIRunner.run([script.path] + arguments, executable: URL(fileURLWithPath: shell)) }
        return try CLIRunner.run(["--reuid=65534", "--regid=65534", "--clear-groups", shell, script.path] + arguments,
                                 executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    /// `--list` named the bench board, which has no unit and no udev rule: `roam-board-enable bench`
    /// copied its board.conf to /etc/roam-board and then stopped at "install: cannot stat ...".
    @Test func theListNamesOnlyBoardsItCanEnable() throws {
        let (dir, script) = try Self.boardsFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = try Self.runUnprivileged(script, ["--list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n") == ["rpi-zero-2w"], "\(list.stdout)")
        let usage = try Self.runUnprivileged(script, [])
        #expect(usage.status == 64 && usage.stderr.contains("(boards: rpi-zero-2w)"), "\(usage.stderr)")
    }

    @Test func theBenchBoardIsRefusedWithTheCommandThatTriesIt() throws {
        let (dir, script) = try Self.boardsFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bench = try Self.runUnprivileged(script, ["bench"])
        #expect(bench.status == 64, "exit \(bench.status): \(bench.stderr)")
        #expect(bench.stderr.contains("sudo -u roam roam-board record --board \(dir.path)/boards/bench"), "\(bench.stderr)")
    }

    /// `package-arm64 --help` was taken for a build: as root, debootstrap and a cross-compile began.
    @Test func packageArm64AnswersAnArgumentWithItsUsage() throws {
        // Copied with what it sources, so user nobody can read them wherever the clone is.
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scripts = dir.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        for name in ["package-arm64", "lib.sh", "trixie.sh"] {
            try FileManager.default.copyItem(at: CLIRunner.repoRoot.appendingPathComponent("scripts/\(name)"), to: scripts.appendingPathComponent(name))
        }
        let script = scripts.appendingPathComponent("package-arm64")
        let help = try Self.runUnprivileged(script, ["--help"], shell: "/bin/bash")
        #expect(help.status == 64, "exit \(help.status): \(help.stderr)")
        #expect(help.stderr.contains("usage: sudo scripts/package-arm64") && help.stderr.contains(".build/arm64/roam-board_<version>_arm64.deb"),
                "\(help.stderr)")
    }
}
