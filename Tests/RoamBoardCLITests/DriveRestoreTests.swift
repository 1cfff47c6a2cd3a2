import Foundation
import Glibc
import Testing

/// A rider restores the database under the running `drive` process (renames a backup over it):
/// the drive then holds the restored file's rides, built by the keeper's own export (whose reader
/// must read the new file too), without a restart of the unit. Rides 1 and 2 in the old file; the
/// backup has ride 1 pruned and a ride 3 recorded by the real recorder.
@Suite(.serialized, .enabled(if: DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveRestoreTests {
    @Test func theDriveShowsTheRestoredDatabasesRides() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-restore")
        defer { TrialPaths.remove(rig.dir) }
        let first = try DriveProbe.recordBenchRide(rig.db)
        let second = try DriveProbe.recordBenchRide(rig.db)
        let backup = try DriveProbe.restorableCopy(of: rig.db, pruning: first, in: rig.dir)
        let third = try DriveProbe.recordBenchRide(backup)
        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with 2 rides"), "\(keeper.stderrLines)")
        #expect(try DriveProbe.rideIDs(rig.image) == [first, second])

        #expect(rename(backup, rig.db) == 0)
        #expect(keeper.waitForStderr(containing: "is another file now"), "\(keeper.stderrLines)")
        // The second offer is the restored file's image (no host has the drive: it goes in at once).
        #expect(keeper.wait { _, err in err.filter { $0.contains("drive: offering \(rig.image) with") }.count == 2 }, "\(keeper.stderrLines)")
        #expect(try DriveProbe.rideIDs(rig.image) == [second, third], "\(keeper.stderrLines)")
        #expect(!keeper.stderrLines.contains { $0.contains("cannot build") }, "\(keeper.stderrLines)")
    }
}
