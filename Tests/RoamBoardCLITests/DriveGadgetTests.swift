import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamStore

/// `drive`: the gadget set up in configfs and the cable followed through the UDC state, against a
/// folder laid out as /sys (`--sys-root`), so it runs on a host without a kernel gadget. The
/// database, the image and the tools are real; the kernel's part is the kernel-sim scenario's.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveGadgetTests {
    struct Rig {
        let dir: URL
        let db: String
        let root: URL
        var image: String { dir.appendingPathComponent("drive.img").path }
        var lun: URL { root.appendingPathComponent("sys/kernel/config/usb_gadget/roam-board/functions/mass_storage.usb0/lun.0") }
        var gadget: URL { root.appendingPathComponent("sys/kernel/config/usb_gadget/roam-board") }

        static func make(_ name: String, configfs: Bool = true, udc: Bool = true) throws -> Rig {
            try make(in: try TrialPaths.temporaryDirectory(name), configfs: configfs, udc: udc)
        }

        /// The rig in `dir` (a small file system of the test's own, say), which the test removes.
        static func make(in dir: URL, configfs: Bool = true, udc: Bool = true) throws -> Rig {
            let root = dir.appendingPathComponent("root")
            if configfs {
                try FileManager.default.createDirectory(at: root.appendingPathComponent("sys/kernel/config/usb_gadget"), withIntermediateDirectories: true)
            }
            let udcDir = root.appendingPathComponent("sys/class/udc")
            try FileManager.default.createDirectory(at: udcDir, withIntermediateDirectories: true)
            let rig = Rig(dir: dir, db: dir.appendingPathComponent("rides.db").path, root: root)
            if udc {
                try FileManager.default.createDirectory(at: udcDir.appendingPathComponent("dummy_udc.0"), withIntermediateDirectories: true)
                try rig.cable("not attached")
            }
            return rig
        }

        /// The controller's state, replaced in one rename as sysfs shows it whole.
        func cable(_ state: String) throws {
            let file = root.appendingPathComponent("sys/class/udc/dummy_udc.0/state")
            try Data((state + "\n").utf8).write(to: file, options: .atomic)
        }

        func attribute(_ url: URL) -> String? {
            (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func keeper() throws -> TrialChild {
            try TrialChild(TrialPaths.binary, ["drive", "--board", "Boards/bench", "--db", db, "--sys-root", root.path, "--poll-ms", "50"])
        }

        /// When the file was last written (the test root's attributes are plain files).
        func modified(_ url: URL) throws -> Date {
            try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
        }

        func dumped() throws -> [Int64: Int64?] {
            Dictionary(uniqueKeysWithValues: try RideReader(path: db).rides().map { ($0.id, $0.dumpedUTCms) })
        }
    }

    @Test func plugInHandsOverTheRidesOnTheDriveAndUnplugBringsTheNewOnes() throws {
        let rig = try Rig.make("drive-gadget")
        defer { TrialPaths.remove(rig.dir) }
        let first = try DriveProbe.recordBenchRide(rig.db)
        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0"), "\(keeper.stderrLines)")
        // The gadget as configfs holds it: read-only removable LUN backed by the image, bound.
        #expect(rig.attribute(rig.lun.appendingPathComponent("file")) == rig.image)
        #expect(rig.attribute(rig.lun.appendingPathComponent("ro")) == "1")
        #expect(rig.attribute(rig.lun.appendingPathComponent("removable")) == "1")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "dummy_udc.0")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: rig.gadget.appendingPathComponent("configs/c.1/mass_storage.usb0").path)
        #expect(link.hasSuffix("functions/mass_storage.usb0"))
        let seen1 = try DriveProbe.rideFiles(rig.image)
        #expect(seen1.count == 3)
        let seen2 = try rig.dumped()
        #expect(seen2[first] == .some(nil), "not handed over before a host has the drive")

        // Plugged in: the host configures the gadget; the ride on it is handed over.
        try rig.cable("configured")
        #expect(keeper.waitForStderr(containing: "handed over ride \(first)"), "\(keeper.stderrLines)")
        let marked = try #require(try rig.dumped()[first] ?? nil, "ride \(first) has no dumped time")
        let notDumped = try CLIRunner.run(["dump", "--db", rig.db, "--not-dumped", "--format", "fit", "--out", rig.dir.appendingPathComponent("out").path + "/"])
        #expect(notDumped.stderr.contains("no ride to dump"), "\(notDumped.stdout) \(notDumped.stderr)")

        // A ride recorded while a host has the drive is built ahead beside it, not put under the host's feet.
        let imageWhilePlugged = try DriveProbe.bytes(URL(fileURLWithPath: rig.image))
        let mediumWritten = try rig.modified(rig.lun.appendingPathComponent("file"))
        let second = try DriveProbe.recordBenchRide(rig.db)
        // The build of the two rides, not the start's of one (whose line is also "drive: built …"):
        // on a loaded machine the keeper may see the new ride only seconds later. A build of a 70 MB
        // image through mkfs, mcopy and fsck can take minutes there.
        #expect(keeper.wait(timeoutS: 300) { _, err in err.contains { $0.hasPrefix("drive: built the drive image for the next plug-in: 2 rides,") } },
                "\(keeper.stderrLines)")
        let seen3 = try DriveProbe.rideFiles(rig.image)
        #expect(seen3.allSatisfy { $0.contains("-ride-\(first).") })
        #expect(try DriveProbe.bytes(URL(fileURLWithPath: rig.image)) == imageWhilePlugged)
        #expect(try rig.modified(rig.lun.appendingPathComponent("file")) == mediumWritten, "the medium was re-pointed under the host")
        // Unplugged: the image built ahead is swapped in, the LUN pointed at it, the new ride not yet handed over.
        try rig.cable("not attached")
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with 2 rides", timeoutS: 300), "\(keeper.stderrLines)")
        let seen4 = try DriveProbe.bytes(URL(fileURLWithPath: rig.image))
        #expect(seen4 != imageWhilePlugged)
        let seen5 = try DriveProbe.rideIDs(rig.image)
        #expect(seen5 == [first, second])
        let seen6 = try rig.dumped()
        #expect(seen6[second] == .some(nil))
        // Prune: the handed-over ride may go, the other never.
        let prune = try CLIRunner.run(["prune", "--db", rig.db, "--dumped-before", "2999-01-01"])
        #expect(prune.status == 0 && prune.stdout.contains("pruned 1 ride dumped before 2999-01-01: \(first)"), "\(prune.stdout) \(prune.stderr)")
        let seen7 = try rig.dumped()
        #expect(seen7.keys.sorted() == [second])
        // Plugged in again: the second ride is handed over; the first kept its time (it is gone now).
        try rig.cable("configured")
        #expect(keeper.waitForStderr(containing: "handed over ride \(second)"), "\(keeper.stderrLines)")
        let seen8 = try rig.dumped()
        #expect(seen8[second] ?? nil != nil)
        _ = marked
    }

    @Test func aRideHandedOverKeepsItsFirstDumpedTime() throws {
        let rig = try Rig.make("drive-first-time")
        defer { TrialPaths.remove(rig.dir) }
        let id = try DriveProbe.recordBenchRide(rig.db)
        let dump = try CLIRunner.run(["dump", "--db", rig.db, "--ride", "\(id)", "--format", "gpx", "--out", rig.dir.appendingPathComponent("r.gpx").path])
        #expect(dump.status == 0, "\(dump.stderr)")
        let before = try #require(try rig.dumped()[id] ?? nil, "dump did not mark ride \(id): \(dump.stderr)")
        try rig.cable("configured")
        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "every ride on it was handed over already"), "\(keeper.stderrLines)")
        let seen9 = try rig.dumped()
        #expect(seen9[id] ?? nil == before, "the drive moved the dumped time of a ride dump had handed over")
    }

    @Test func noControllerOrNoConfigfsIsOneLineSayingWhatToDo() throws {
        let noUDC = try Rig.make("drive-no-udc", udc: false)
        defer { TrialPaths.remove(noUDC.dir) }
        try DriveProbe.recordBenchRide(noUDC.db)
        let r = try CLIRunner.run(["drive", "--board", "Boards/bench", "--db", noUDC.db, "--sys-root", noUDC.root.path])
        #expect(r.status != 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("no USB device controller in") && lines[0].contains("dr_mode=peripheral"), "\(r.stderr)")

        let noConfigfs = try Rig.make("drive-no-configfs", configfs: false)
        defer { TrialPaths.remove(noConfigfs.dir) }
        try DriveProbe.recordBenchRide(noConfigfs.db)
        let c = try CLIRunner.run(["drive", "--board", "Boards/bench", "--db", noConfigfs.db, "--sys-root", noConfigfs.root.path])
        #expect(c.status != 0)
        let cl = c.stderr.split(separator: "\n")
        #expect(cl.count == 1 && cl[0].contains("modprobe libcomposite"), "\(c.stderr)")
    }

    @Test func aCorruptImageAtStartIsSaidAndReplaced() throws {
        let rig = try Rig.make("drive-corrupt")
        defer { TrialPaths.remove(rig.dir) }
        let id = try DriveProbe.recordBenchRide(rig.db)
        try Data(repeating: 0x5A, count: 64 << 10).write(to: URL(fileURLWithPath: rig.image))
        let r = try CLIRunner.run(["drive-image", "--db", rig.db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("is corrupt or not one roam-board built") && r.stderr.contains("building a new one"), "\(r.stderr)")
        let seen10 = try DriveProbe.rideIDs(rig.image)
        #expect(seen10 == [id])
        let seen11 = try DriveProbe.fsck(rig.image)
        #expect(seen11.status == 0)
    }
}

/// The unit's two steps: `--setup-only` (root) makes the gadget and sets its one serial number;
/// the keeper (user roam on a board) writes none of the attributes the setup owns, and re-points
/// the medium only when the image changed: not at its start, not through a plug with no new ride,
/// not when it is started again (the restart loop of a keeper that rewrote the serial).
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveSetupOwnershipTests {
    @Test func theKeeperRewritesNothingTheSetupWroteAndRepointsOnlyForANewImage() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-ownership")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.recordBenchRide(rig.db)
        let build = try CLIRunner.run(["drive-image", "--db", rig.db])
        #expect(build.status == 0, "\(build.stderr)")
        let setup = try CLIRunner.run(["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path, "--setup-only", "--owner", "\(getuid()):\(getgid())"])
        #expect(setup.status == 0, "\(setup.stderr)")
        let serial = rig.attribute(rig.gadget.appendingPathComponent("strings/0x409/serialnumber"))
        #expect(serial?.hasPrefix("ROAM") == true && serial != "ROAM", "\(serial ?? "none")")
        #expect(rig.attribute(rig.lun.appendingPathComponent("file")) == rig.image)
        let files = try FileManager.default.subpathsOfDirectory(atPath: rig.gadget.path).map { rig.gadget.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        let before = try Dictionary(uniqueKeysWithValues: files.map { ($0.path, try rig.modified($0)) })
        usleep(20_000)

        for round in 1...2 {
            let keeper = try rig.keeper()
            #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0"), "\(keeper.stderrLines)")
            try rig.cable("configured")
            #expect(keeper.waitForStderr(containing: "a host has the drive"), "round \(round): \(keeper.stderrLines)")
            try rig.cable("not attached")
            #expect(keeper.waitForStderr(containing: "USB state not attached"), "round \(round): \(keeper.stderrLines)")
            keeper.kill()
            let after = try Dictionary(uniqueKeysWithValues: files.map { ($0.path, try rig.modified($0)) })
            let rewritten = after.filter { before[$0.key] != $0.value }.keys.sorted()
            #expect(rewritten.isEmpty, "round \(round): the keeper wrote \(rewritten)")
            #expect(!keeper.stderrLines.contains { $0.contains("offering \(rig.image) with") }, "round \(round): re-pointed an unchanged image")
        }
        #expect(rig.attribute(rig.gadget.appendingPathComponent("strings/0x409/serialnumber")) == serial)

        // A new ride: the keeper re-points the medium once, for the new image.
        try DriveProbe.recordBenchRide(rig.db)
        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with 2 rides", timeoutS: 300), "\(keeper.stderrLines)")
        #expect(try rig.modified(rig.lun.appendingPathComponent("file")) != before[rig.lun.appendingPathComponent("file").path])
    }
}
