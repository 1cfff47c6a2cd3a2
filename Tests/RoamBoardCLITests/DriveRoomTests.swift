import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamCore
import RoamSystem

/// The keeper on a real small card (a 100 MiB tmpfs) that a filler leaves short of room: once a
/// file on the card is deleted (an old log, as a rider or a log rotation does), the next looks
/// build the drive again, once, said once; looks with the room as it was, or grown by less than a
/// ride needs, build nothing.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveRoomTests {
    /// The recorder's reserve the drive never takes (`DriveImageBuilder.reserveBytes`).
    static let reserve: Int64 = 64 << 20

    /// A keeper on the card, with `rides` recorded and an old log that leaves `aboveReserve` bytes
    /// free above the reserve besides a small log of 1 MiB.
    final class Card {
        let dir: URL
        let mountPoint: URL
        let rig: DriveGadgetTests.Rig
        var ids: [Int64] = []
        var keeper: TrialChild?
        var plugs = 0
        var small: URL { mountPoint.appendingPathComponent("small.log") }
        var old: URL { mountPoint.appendingPathComponent("old.log") }

        init(_ name: String, rides: Int, aboveReserve: Int64) throws {
            dir = try TrialPaths.temporaryDirectory(name)
            mountPoint = dir.appendingPathComponent("fs")
            try DriveProbe.mountTmpfs(at: mountPoint, megabytes: 100)
            rig = try DriveGadgetTests.Rig.make(in: mountPoint)
            for _ in 0..<rides { ids.append(try DriveProbe.recordBenchRide(rig.db)) }
            #expect(FileManager.default.createFile(atPath: small.path, contents: Data(count: 1 << 20)))
            let filler = try FileSystem.availableBytes(mountPoint.path) - DriveRoomTests.reserve - aboveReserve
            #expect(FileManager.default.createFile(atPath: old.path, contents: Data(count: Int(filler))))
            let keeper = try rig.keeper()
            self.keeper = keeper
            // The keeper's first build runs before its first look at the cable: the looks count
            // from the state that first look says, so a plug must not come before it.
            #expect(keeper.waitForStderr(containing: "drive: USB state not attached"), "\(keeper.stderrLines)")
        }

        deinit {
            keeper?.kill()
            LoopFilesystem.unmount(mountPoint)
            TrialPaths.remove(dir)
        }

        var lines: [String] { keeper?.stderrLines ?? [] }
        var built: [String] { lines.filter { $0.contains("drive: built") } }
        var freed: [String] { lines.filter { $0.contains("drive: room freed") } }

        /// Looks at the cable, `rounds` times a plug with no host configuring the drive and an unplug.
        func looks(_ rounds: Int) throws {
            let keeper = try #require(keeper)
            for _ in 0..<rounds {
                plugs += 1
                let plugged = plugs
                try rig.cable("default")
                #expect(keeper.wait(timeoutS: 60) { _, err in err.filter { $0.hasSuffix("USB state default") }.count == plugged })
                try rig.cable("not attached")
                #expect(keeper.wait(timeoutS: 60) { _, err in err.filter { $0.hasSuffix("USB state not attached") }.count == plugged + 1 })
            }
        }

        /// Looks with the room as it was, then with 1 MiB freed (less than a ride needs): no build.
        func looksWithoutRoomFreed(builds: Int) throws {
            try looks(2)
            #expect(unlink(small.path) == 0)
            try looks(2)
            #expect(built.count == builds && freed.isEmpty, "\(lines)")
        }

        /// The old log deleted: one build, said once, with every ride; the looks after build nothing.
        func roomFreedBuildsOnce(builds: Int) throws {
            let keeper = try #require(keeper)
            #expect(unlink(old.path) == 0)
            #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with \(Plural.count(ids.count, "ride"))"), "\(lines)")
            #expect(freed.count == 1 && freed[0].hasSuffix("MiB more free; building the drive again with the rides left off"), "\(lines)")
            #expect(try DriveProbe.rideIDs(rig.image) == Set(ids))
            try looks(2)
            #expect(built.count == builds && freed.count == 1, "\(lines)")
        }
    }

    /// A build that left rides off for lack of room.
    @Test(.needs(geteuid() == 0, "mounting a small tmpfs needs root"))
    func theKeeperBuildsAgainOnceRoomIsFreed() throws {
        let card = try Card("drive-room-freed", rides: 3, aboveReserve: 7_000_000)
        let keeper = try #require(card.keeper)
        #expect(keeper.waitForStderr(containing: "drive: offering \(card.rig.image) with"), "\(card.lines)")
        #expect(card.built.count == 1 && card.built[0].contains("left off for lack of room"), "\(card.lines)")
        #expect(try DriveProbe.rideIDs(card.rig.image).count < card.ids.count)
        try card.looksWithoutRoomFreed(builds: 1)
        try card.roomFreedBuildsOnce(builds: 2)
    }

    /// A build that failed for lack of room (no image at all yet): tried again once room is freed.
    @Test(.needs(geteuid() == 0, "mounting a small tmpfs needs root"))
    func aBuildThatFoundNoRoomIsTriedAgainOnceRoomIsFreed() throws {
        let card = try Card("drive-no-room", rides: 2, aboveReserve: 1_000_000)
        let keeper = try #require(card.keeper)
        let failed = "storage too full for a new drive image"
        #expect(keeper.waitForStderr(containing: failed), "\(card.lines)")
        let failure = card.lines.filter { $0.contains(failed) }
        #expect(failure.count == 1 && failure[0].hasSuffix("tried again when the rides change or room is freed"), "\(failure)")
        #expect(failure[0].contains("delete files not needed, or prune rides already handed over"), "\(failure)")
        try card.looksWithoutRoomFreed(builds: 0)
        #expect(card.lines.filter { $0.contains(failed) }.count == 1, "\(card.lines)")
        try card.roomFreedBuildsOnce(builds: 1)
    }
}
