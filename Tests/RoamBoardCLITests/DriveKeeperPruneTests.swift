import Foundation
import RoamTestSupport
import Testing
import RoamDrive
import RoamStore

/// `prune --ride N` of a ride on the served image: the keeper marks only the rides still in the
/// database when a host takes the drive (no mark, no row, for the one gone), and the next image
/// is built without its files. The gadget is a folder laid out as /sys (`DriveGadgetTests.Rig`).
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveKeeperPruneTests {
    @Test func aPrunedRideIsNotMarkedAndLeavesTheNextImage() throws {
        let line = ExploredHistory.line(from: (47.99, 7.84), bearingDeg: 90, metres: 300)
        let h = try ExploredHistory.make([line, line])
        defer { h.remove() }
        let rig = try DriveGadgetTests.Rig.make(in: h.directory)
        let said = DriveKeeperListingTests.Said()
        let keeper = try Self.keeper(h.dbPath, on: rig, said: said)
        try keeper.start(nowUTCms: 0)
        try keeper.step(state: "not attached", notified: false, nowUTCms: 0)
        #expect(said.lines.contains("drive: offering \(rig.image) with 2 rides"), "\(said.lines)")

        let prune = try CLIRunner.run(["prune", "--db", h.dbPath, "--ride", "1", "--not-dumped-too"])
        #expect(prune.status == 0, "\(prune.stderr)")
        // A host takes the image that still holds ride 1.
        try keeper.step(state: "configured", notified: true, nowUTCms: 5_000)
        #expect(said.lines.last == "drive: a host has the drive: handed over ride 2; ride 1 pruned since the image was built", "\(said.lines)")
        let rides = try RideReader(path: h.dbPath).rides()
        // Marked at the host's plug-in, on this test's clock, but never before the ride's end (`DumpLedger`).
        #expect(rides.map(\.id) == [2] && rides[0].dumpedUTCms == max(5_000, rides[0].endedUTCms ?? 5_000), "\(rides)")

        // Built ahead while the host has it; swapped in at the unplug.
        try keeper.step(state: "configured", notified: false, nowUTCms: 6_000)
        #expect(try DriveImageReader.read(rig.image + ".next").rideIDs == [2], "\(said.lines)")
        try keeper.step(state: "not attached", notified: false, nowUTCms: 7_000)
        #expect(said.lines.last == "drive: offering \(rig.image) with 1 ride", "\(said.lines)")
        #expect(try DriveImageReader.read(rig.image).rideIDs == [2])
    }

    /// A keeper of `db` serving the rig's folder laid out as /sys, saying its lines into `said`.
    static func keeper(_ db: String, on rig: DriveGadgetTests.Rig, said: DriveKeeperListingTests.Said) throws -> DriveKeeper {
        let settings = DriveKeeper.Settings(databasePath: db, builder: DriveImageBuilder(imagePath: rig.image), boardName: "test",
                                            gadget: MassStorageGadget(paths: GadgetPaths(root: rig.root.path)), udc: "dummy_udc.0")
        return try DriveKeeper(settings, writer: DriveKeeperListingTests.NameOnlyWriter()) { said.lines.append($0) }
    }
}
