import Foundation
import Glibc
import RoamCore
@testable import RoamStore
import RoamTestSupport
import Testing

/// A long-lived reader (the drive keeper's) opened on a full card reads it `immutable=1`, which
/// shows no later commit: once room is freed and a recorder commits, it must see the new ride, not
/// keep the card's first reading until a restart. A real small tmpfs, filled (no blocks kept for root).
@Suite(.serialized, .needs(geteuid() == 0, "mounting a small tmpfs needs root"))
struct FullCardReaderTests {
    @Test("A reader opened on a full card sees the ride committed once room was freed")
    func aReaderOpenedOnAFullCardSeesLaterCommits() throws {
        let dir = try TemporaryDirectory()
        let mount = dir.url.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        try #require(try TestTools.status("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", mount.path]) == 0)
        defer { _ = try? TestTools.status("/bin/umount", [mount.path]) }  // cleanup only: the outcome is decided above
        let db = mount.appendingPathComponent("rides.db").path
        do {
            let store = try RideStore(path: db)
            let ride = try store.startRide(startedMonoNs: 1, startedUTCms: 1_700_000_000_000, parameters: PipelineParameters())
            try store.stopRide(id: ride.id, endedUTCms: 1_700_000_060_000)
            store.close()
        }
        try #require(!FileManager.default.fileExists(atPath: db + "-wal"))
        try FullStorage.fill(mount)

        let reader = try RideReader(path: db)
        #expect(reader.connection.mode == .immutable)
        #expect(try reader.rides().count == 1)
        #expect(try reader.dataVersion() == nil)

        try FileManager.default.removeItem(at: mount.appendingPathComponent("filler"))
        let store = try RideStore(path: db)
        _ = try store.startRide(startedMonoNs: 2, startedUTCms: 1_700_000_100_000, parameters: PipelineParameters())
        let version = try reader.dataVersion()
        #expect(version != nil)
        #expect(reader.connection.mode == .readOnly)
        #expect(try reader.rides().count == 2)
        store.close()
    }
}
