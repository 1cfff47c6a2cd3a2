import Foundation
import RoamCore
import Testing

/// packaging/deb/board-name.sh, which roam-board-enable and postinst source: `board_name FILE` is
/// the name roam-board's own reader (BoardProfile.parse) finds in FILE, or nothing where that reader
/// refuses the name (none, empty, twice).
@Suite struct BoardNameScriptTests {
    static let lines = ["name = rpi-zero-2w", "  name = rpi-zero-2w  ", "\tname\t=\trpi-zero-2w\t", "name=rpi-zero-2w",
                        "name = rpi-zero-2w # a comment is part of the value", "name = a = b", "# name = rpi-4\nname = rpi-5",
                        "  # name = rpi-4\n  name = rpi-5", "name = rpi-4\nname = rpi-5", "name =  ", "names = rpi-4", "name"]

    @Test(arguments: lines)
    func theShellReadsTheNameRoamBoardReads(_ nameLines: String) throws {
        let text = try EnableAgainTests.packageBoardConf("rpi-zero-2w").replacingOccurrences(of: "name = rpi-zero-2w", with: nameLines)
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let conf = dir.appendingPathComponent("board.conf")
        try text.write(to: conf, atomically: true, encoding: .utf8)
        let library = CLIRunner.repoRoot.appendingPathComponent("packaging/deb/board-name.sh").path
        let shell = try CLIRunner.run(["-c", ". \"$1\"; board_name \"$2\"", "sh", library, conf.path], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(shell.status == 0, "\(shell.stderr)")
        let swift = (try? BoardProfile.parse(text, file: conf.path))?.name
        #expect(shell.stdout == swift.map { $0 + "\n" } ?? "", "the shell read '\(shell.stdout)', roam-board '\(swift ?? "(refused)")'")
    }
}
