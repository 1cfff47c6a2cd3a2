import Foundation
import Glibc
import RoamTestSupport
import Testing

/// A rider restores the database under the running `drive` process (renames a backup over it):
/// the drive then holds the restored file's rides, built by the keeper's own export (whose reader
/// must read the new file too), without a restart of the unit. Rides 1 and 2 in the old file; the
/// backup has ride 1 pruned and a ride 3 recorded by the real recorder.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
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

    /// A host plugs in while nothing is at the database path (mid-restore): the keeper marks
    /// nothing (no empty database created at the path, no mark made in a file being replaced) and
    /// names the rides not marked; the next plug once the database is back marks them.
    @Test func aPlugWhileTheDatabaseIsMissingMarksNothingAndCreatesNothing() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-restore-plug")
        defer { TrialPaths.remove(rig.dir) }
        let first = try DriveProbe.recordBenchRide(rig.db)
        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with 1 ride"), "\(keeper.stderrLines)")
        #expect(rename(rig.db, rig.db + ".old") == 0)
        #expect(keeper.waitForStderr(containing: "no database at \(rig.db)"), "\(keeper.stderrLines)")
        try rig.cable("configured")
        #expect(keeper.waitForStderr(containing: "no database at \(rig.db): ride \(first) not marked handed over"), "\(keeper.stderrLines)")
        #expect(!FileManager.default.fileExists(atPath: rig.db), "a database was created at the path: \(keeper.stderrLines)")

        #expect(rename(rig.db + ".old", rig.db) == 0)
        try rig.cable("not attached")
        #expect(keeper.wait { _, err in err.filter { $0.hasSuffix("USB state not attached") }.count == 2 }, "\(keeper.stderrLines)")
        try rig.cable("configured")
        #expect(keeper.waitForStderr(containing: "a host has the drive: handed over ride \(first)"), "\(keeper.stderrLines)")
        #expect(try rig.dumped()[first] != .some(nil))
    }
}
