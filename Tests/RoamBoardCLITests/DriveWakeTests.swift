import Foundation
import Glibc
import RoamTestSupport
import Testing

/// The keeper is woken by what changes (inotify on the database's folder), not by its periodic
/// look: started with a look every ten minutes, it still builds the image as soon as another
/// process commits a ride, or once the first database appears.
@Suite(.needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveWakeTests {
    /// A keeper whose safety-net look never comes within the test.
    func keeper(_ rig: DriveGadgetTests.Rig) throws -> TrialChild {
        try TrialChild(TrialPaths.binary, ["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path, "--poll-ms", "600000"])
    }

    @Test func aRideCommittedByAnotherProcessIsBuiltWithoutWaitingForThePeriodicLook() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-wake-commit")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.storeRide(rig.db)
        let keeper = try keeper(rig)
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0", timeoutS: 300), "\(keeper.stderrLines)")
        try DriveProbe.storeRide(rig.db, day: 1)
        // A build of the image through mkfs, mcopy and fsck can take minutes on a loaded machine.
        #expect(keeper.wait(timeoutS: 300) { _, err in err.contains { $0.hasPrefix("drive: built the drive image for the next plug-in: 2 rides,") } },
                "\(keeper.stderrLines)")
    }

    @Test func theFirstDatabaseIsSeenWhenItAppears() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-wake-first")
        defer { TrialPaths.remove(rig.dir) }
        let keeper = try keeper(rig)
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "waiting for the first ride"), "\(keeper.stderrLines)")
        try DriveProbe.storeRide(rig.db)
        #expect(keeper.wait(timeoutS: 300) { _, err in err.contains { $0.hasPrefix("drive: built the drive image for the next plug-in: 1 ride,") } },
                "\(keeper.stderrLines)")
    }

    /// A restore renames another database over the path: one note on the folder, and the keeper
    /// reads the new file at once.
    @Test func aDatabaseRenamedOverThePathIsReadWithoutWaitingForThePeriodicLook() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-wake-restore")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.storeRide(rig.db)
        let backup = rig.dir.appendingPathComponent("backup.db").path
        try DriveProbe.storeRide(backup, day: 1)
        try DriveProbe.storeRide(backup, day: 2)
        let keeper = try keeper(rig)
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0", timeoutS: 300), "\(keeper.stderrLines)")
        #expect(rename(backup, rig.db) == 0)
        #expect(keeper.waitForStderr(containing: "is another file now", timeoutS: 300), "\(keeper.stderrLines)")
        #expect(keeper.wait(timeoutS: 300) { _, err in err.contains { $0.hasPrefix("drive: built the drive image for the next plug-in: 2 rides,") } },
                "\(keeper.stderrLines)")
    }

    /// Nothing notifies a controller's return (the kernel makes its sysfs files), and the gadget must
    /// be bound to it again: while it is gone the keeper looks every second, not every --poll-ms.
    @Test func aControllerThatComesBackIsBoundAgainWithoutWaitingForThePeriodicLook() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-wake-controller")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.storeRide(rig.db)
        let keeper = try keeper(rig)
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0", timeoutS: 300), "\(keeper.stderrLines)")
        // The controller's driver unloaded: its sysfs folder goes, and the kernel unbinds the gadget.
        let controller = rig.root.appendingPathComponent("sys/class/udc/dummy_udc.0")
        try FileManager.default.removeItem(at: controller)
        try Data("\n".utf8).write(to: rig.gadget.appendingPathComponent("UDC"))
        // A plain test file raises no POLLPRI. One note on the log, a writer closing it with nothing
        // written, wakes the keeper for exactly one look, which sees the controller gone; no other
        // note is queued after it (a commit's would be several, and a look after them could see the
        // controller back however long the keeper's period).
        let wal = open(rig.db + "-wal", O_WRONLY | O_APPEND)
        #expect(wal >= 0 && close(wal) == 0)
        #expect(keeper.waitForStderr(containing: "drive: USB state gone (no controller)", timeoutS: 300), "\(keeper.stderrLines)")
        try FileManager.default.createDirectory(at: controller, withIntermediateDirectories: true)
        try rig.cable("not attached")
        #expect(keeper.waitForStderr(containing: "drive: dummy_udc.0 is back: gadget bound again", timeoutS: 300), "\(keeper.stderrLines)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "dummy_udc.0")
    }
}
