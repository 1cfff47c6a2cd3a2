import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamCore
import RoamDrive
import RoamStore
import RoamTestSupport

/// A full card's database is read `immutable=1` (no room for SQLite's -shm): without locks, so a
/// read during another process's commit or prune may find a page half written. The keeper takes
/// nothing such a read finds as known for what changes files: it builds no image from it and marks
/// nothing handed over, says why once, and acts once room is freed and a commit is read with locks.
/// A real small tmpfs, filled (no blocks kept for root), holds the database; the image is built
/// beside it, where there is room, so only the keeper's rule can keep it from building.
@Suite(.serialized, .needs(geteuid() == 0 && DriveProbe.isAvailable,
                      "mounting a small tmpfs needs root; the image needs dosfstools and mtools"))
struct DriveKeeperFullCardTests {
    static func recordStoppedRide(_ db: String, at utcMs: Int64) throws {
        let store = try RideStore(path: db)
        defer { store.close() }
        let ride = try store.startRide(startedMonoNs: 1, startedUTCms: utcMs, parameters: PipelineParameters())
        try store.stopRide(id: ride.id, endedUTCms: utcMs + 60_000)
    }

    @Test func aKeeperOnAFullCardBuildsNothingFromALocklessReadAndBuildsOnceRoomIsFreed() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-full-card")
        defer { TrialPaths.remove(dir) }
        let card = dir.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        try #require(try TestTools.status("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", card.path]) == 0)
        defer { _ = try? TestTools.status("/bin/umount", [card.path]) }  // cleanup only: the outcome is decided above
        let db = card.appendingPathComponent("rides.db").path
        try Self.recordStoppedRide(db, at: 1_700_000_000_000)
        try #require(!FileManager.default.fileExists(atPath: db + "-wal"))
        try FullStorage.fill(card)

        let said = DriveKeeperListingTests.Said()
        let settings = DriveKeeper.Settings(databasePath: db, builder: DriveImageBuilder(imagePath: dir.appendingPathComponent("drive.img").path),
                                            boardName: "test")
        let keeper = try DriveKeeper(settings, writer: DriveKeeperListingTests.NameOnlyWriter()) { said.lines.append($0) }
        try keeper.start(nowUTCms: 0)
        for _ in 0..<3 { try keeper.step(state: nil, notified: false, nowUTCms: 0) }
        #expect(!said.lines.contains { $0.hasPrefix("drive: built") }, "built from a read without locks: \(said.lines)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("drive.img.next").path))
        #expect(said.lines.filter { $0.contains("without locks") }.count == 1, "\(said.lines)")

        // Room freed, and a commit: read through the -wal and -shm with locks, and built.
        try FileManager.default.removeItem(at: card.appendingPathComponent("filler"))
        try Self.recordStoppedRide(db, at: 1_700_000_100_000)
        try keeper.step(state: nil, notified: false, nowUTCms: 0)
        #expect(said.lines.contains { $0.contains("for the next plug-in: 2 rides,") }, "\(said.lines)")
    }
}
