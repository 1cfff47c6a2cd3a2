import Foundation
import RoamStore
import Testing
@testable import RoamDrive

/// README.txt on the USB drive printed commands that do not work as written on the board:
/// `roam-board prune --dumped-before DATE` (no --board, a placeholder for a date), `roam-board dump
/// --ride N` (no --format), none as `sudo -u roam`. Each command it prints now is run as printed
/// through the real binary, on a board folder and an output folder of the test's standing in for the
/// installed board's (/etc/roam-board, /var/tmp/rides/).
@Suite struct DriveReadmeCommandsTests {
    /// The roam-board commands README.txt quotes ('sudo -u roam roam-board …'), one per match.
    static func quotedCommands(_ text: String) -> [String] {
        text.matches(of: /'((?:sudo (?:-u [a-z_][a-z0-9_-]* )?)?roam-board [^']*)'/).map { String($0.output.1) }
    }

    @Test func everyCommandTheReadmePrintsRunsAsPrintedOnTheInstalledBoard() throws {
        let started: Int64 = 1_781_000_000_000
        var contents = DriveContents(rides: [.init(id: 7, startedUTCms: started, distanceM: 12_345, files: ["ride-7.fit"], bytes: 1_000)],
                                     leftOff: [6], fingerprint: "test")
        contents.overCap = [5]
        contents.damaged = [4]
        let text = DriveReadme.text(contents, DriveReadme.Facts(boardName: "rpi-zero-2w", builtUTCms: started))
        let commands = Self.quotedCommands(text)
        // Folder example, two prunes, the left-off and the over-cap rides' dumps, check.
        #expect(commands.count >= 6, "\(commands)\n\(text)")

        // The installed board's folders, standing in: a database with no ride, and a folder to dump into.
        let data = try CLIRunner.temporaryDirectory(), out = try CLIRunner.temporaryDirectory()
        let board = try SelftestCommandTests.boardFolder(uart: "/dev/ttyAMA0", dataDir: data)
        defer { for folder in [board, data, out] { try? FileManager.default.removeItem(at: folder) } }
        do { _ = try RideStore(path: data.appendingPathComponent("rides.db").path) }
        let standIns = ["/etc/roam-board": board.path, "/var/tmp/rides/": out.path + "/"]
        for command in commands {
            var words = command.split(separator: " ").map(String.init)
            #expect(Array(words.prefix(3)) == ["sudo", "-u", "roam"], "not as the recorder's user: \(command)")
            if words.first == "sudo" { words.removeFirst(words.count > 2 && words[1] == "-u" ? 3 : 1) }
            #expect(words.first == "roam-board", "\(command)")
            let arguments = words.dropFirst().map { standIns[$0] ?? $0 }
            let r = try CLIRunner.run(arguments)
            // Past the parser and every usage check to the database (whose rides 4 to 7 are not there: 65).
            #expect(r.status != 64, "'\(command)' is a usage error: \(r.stderr)")
            #expect([0, 65].contains(r.status), "'\(command)': \(r.status) \(r.stdout)\(r.stderr)")
        }
    }
}
