import Foundation
import Glibc
import Testing

/// `drive --remove`, what the package's removal and `roam-board-enable --disable` run: a stopped
/// keeper leaves its gadget bound on purpose, so before it the drive stayed on the cable until the
/// next boot. Against a folder laid out as /sys (`--sys-root`).
@Suite struct DriveRemoveTests {
    @Test func removeUnbindsAndTakesTheGadgetOutOfConfigfs() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-remove")
        defer { TrialPaths.remove(rig.dir) }
        let drive = ["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path]
        let setup = try CLIRunner.run(drive + ["--setup-only", "--owner", "\(getuid()):\(getgid())"])
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "dummy_udc.0")
        let removed = try CLIRunner.run(drive + ["--remove"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "gadget \(rig.gadget.path) unbound and removed: the USB drive is off the cable\n", "\(removed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: rig.gadget.path))
        #expect(FileManager.default.fileExists(atPath: rig.gadget.deletingLastPathComponent().path), "configfs itself stays")
        let again = try CLIRunner.run(drive + ["--remove"])
        #expect(again.status == 0 && again.stdout.contains("the USB drive is off the cable already"), "\(again.stdout)\(again.stderr)")
    }

    /// What the kernel refuses is said with what it was, and the command fails: the scripts go on.
    @Test func aGadgetThatCannotBeRemovedIsSaidInWords() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-remove-busy")
        defer { TrialPaths.remove(rig.dir) }
        let drive = ["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path]
        #expect(try CLIRunner.run(drive + ["--setup-only"]).status == 0)
        // Another configuration than the drive's, made by someone else: the gadget folder is not empty.
        try FileManager.default.createDirectory(at: rig.gadget.appendingPathComponent("configs/c.2"), withIntermediateDirectories: true)
        let removed = try CLIRunner.run(drive + ["--remove"])
        #expect(removed.status == 74, "\(removed.stdout)\(removed.stderr)")
        #expect(removed.stderr.contains("cannot remove \(rig.gadget.path)/configs"), "\(removed.stderr)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "", "the binding goes first")
        #expect(!FileManager.default.fileExists(atPath: rig.lun.path), "the drive's own folders are gone")
    }
}
