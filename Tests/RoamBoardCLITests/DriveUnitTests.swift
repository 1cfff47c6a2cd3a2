import Foundation
import RoamTestSupport
import Testing

/// The drive's unit beside each Pi board's recorder unit, as systemd reads it: `verify` has nothing
/// to say and `security --offline=true` rates it at 1.0 or less, like the recorder's (P8, P9).
@Suite struct DriveUnitTests {
    static let analyzePath = "/usr/bin/systemd-analyze"
    static let boards = ["rpi-zero-2w", "rpi-4", "rpi-5"]

    func unit(_ board: String) -> URL {
        CLIRunner.repoRoot.appendingPathComponent("Boards/\(board)/roam-board-drive.service")
    }

    func analyze(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let child = try TrialChild(URL(fileURLWithPath: Self.analyzePath), arguments)
        let status = child.finish()
        return (status, (child.stdoutLines + child.stderrLines).joined(separator: "\n"))
    }

    @Test(.needs(FileManager.default.isExecutableFile(atPath: analyzePath), "systemd-analyze is missing: install Debian's systemd (scripts/test does)"))
    func everyDriveUnitVerifiesAndIsRatedAtMostOne() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for board in Self.boards {
            let text = try String(contentsOf: unit(board), encoding: .utf8)
            #expect(text.contains("ExecStart=/usr/bin/roam-board drive --board /etc/roam-board\n"), "\(board)")
            #expect(text.contains("User=roam") && text.contains("PrivateNetwork=yes") && text.contains("CapabilityBoundingSet=\n"))
            // No loop on a board without a controller or without the gadget folder (226/NAMESPACE).
            #expect(text.contains("\nConditionPathExistsGlob=/sys/class/udc/*\n") && text.contains("\nReadWritePaths=-/sys/kernel/config/usb_gadget/roam-board\n"), "\(board)")
            // verify checks that each program exists: the binary just built stands for /usr/bin's.
            let copy = dir.appendingPathComponent(board).appendingPathComponent("roam-board-drive.service")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.replacingOccurrences(of: "/usr/bin/roam-board ", with: "\(CLIRunner.binary.path) ").write(to: copy, atomically: true, encoding: .utf8)
            let verify = try analyze(["verify", "--man=no", copy.path])
            #expect(verify.status == 0 && verify.text.isEmpty, "\(board): systemd-analyze verify said:\n\(verify.text)")
            let security = try analyze(["security", "--offline=true", "--no-pager", unit(board).path])
            let line = try #require(security.text.split(separator: "\n").first { $0.contains("Overall exposure level") })
            let value = try #require(line.firstMatch(of: #/: ([0-9]+\.[0-9]+)\s/#).flatMap { Double($0.1) }, "\(line)")
            print("\(board) roam-board-drive.service exposure \(value)")
            #expect(value <= 1.0, "\(board): \(line)")
        }
    }
}
