import Foundation
import Testing

/// The README's packaging commands as a reader tries them, never as root (nothing is built or installed).
/// `roam-board-enable` runs over a boards folder laid out as the .deb lays it out (scripts/package-arm64):
/// a real board with its units, usb.md beside it, the bench board with only board.conf and wiring.md,
/// and board-name.sh, system-zone.sh and durable-file.sh beside the boards folder, from a copy whose one changed line
/// points BOARDS at it.
@Suite struct PackagingScriptTests {
    static func boardsFolder() throws -> (dir: URL, script: URL) {
        let dir = try CLIRunner.temporaryDirectory()
        let boards = dir.appendingPathComponent("boards")
        for (board, files) in [("rpi-zero-2w", ["board.conf", "wiring.md", "roam-board.service", "roam-board.path", "99-roam-board.rules",
                                                "roam-board-drive.service", "roam-board-drive.path"]),
                               ("bench", ["board.conf", "wiring.md"])] {
            let folder = boards.appendingPathComponent(board)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try FileManager.default.copyItem(at: CLIRunner.repoRoot.appendingPathComponent("Boards/\(board)/\(file)"),
                                                 to: folder.appendingPathComponent(file))
            }
        }
        try FileManager.default.copyItem(at: BoardFiles.boardsDir.appendingPathComponent("usb.md"), to: boards.appendingPathComponent("usb.md"))
        for library in ["board-name.sh", "system-zone.sh", "durable-file.sh"] {
            try FileManager.default.copyItem(at: CLIRunner.repoRoot.appendingPathComponent("packaging/deb/\(library)"),
                                             to: dir.appendingPathComponent(library))
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

    /// Each unit's `Documentation=file:/etc/roam-board/NAME` is a file roam-board-enable installs
    /// there: the board's own (Boards/BOARD/NAME, in package-arm64's list for every board) or one
    /// shared by the boards (Boards/NAME, shipped beside their folders). The Pi 4 and 5 drive units
    /// pointed at a usb.md that only the Zero 2 W had.
    @Test func everyUnitsDocumentationIsAFileTheBoardInstalls() throws {
        let text = { (path: String) in try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent(path), encoding: .utf8) }
        let enable = try text("packaging/deb/roam-board-enable")
        let package = try text("scripts/package-arm64")
        let perBoard = try #require(package.firstMatch(of: /\/\{([a-z0-9.,-]+)\}/)).1.split(separator: ",").map(String.init)
        var checked = 0
        for board in try BoardFiles.all() {
            for unit in ["roam-board.service", "roam-board-drive.service"] {
                guard let lines = try? String(contentsOf: board.dir.appendingPathComponent(unit), encoding: .utf8) else { continue }
                for line in lines.split(separator: "\n") where line.hasPrefix("Documentation=file:/etc/roam-board/") {
                    let name = String(line.dropFirst("Documentation=file:/etc/roam-board/".count))
                    let exists = { (dir: URL) in FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path) }
                    checked += 1
                    if exists(board.dir) {
                        #expect(perBoard.contains(name) && enable.contains("\"$B/\(name)\""), "\(board.name)/\(name) is not installed")
                    } else {
                        #expect(exists(BoardFiles.boardsDir), "\(board.name)/\(unit) points at /etc/roam-board/\(name): no Boards/\(board.name)/\(name) or Boards/\(name)")
                        #expect(enable.contains("\"$BOARDS/\(name)\" /etc/roam-board/") && package.contains("\"$ROOT/Boards/\(name)\""),
                                "Boards/\(name) is not shipped and installed")
                    }
                }
            }
        }
        #expect(checked == 6)   // wiring.md and usb.md, of the Zero 2 W, the Pi 4 and the Pi 5
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
