import Foundation
import RoamTestSupport
import Glibc
import RoamRecorder
import RoamStore
import Testing

/// A prune frees pages inside rides.db, not on the card: the room new rides have is the card's free
/// space plus those pages, and a fix costs the pages in use over the fixes stored. It counted the
/// card alone and the whole file over the fixes left, so a prune made `status`'s hours fall and
/// "storage low" stay (62.1 MiB, 53 h before a prune; 61.4 MiB, 30 h and LOW after). Real small tmpfs.
@Suite(.serialized, .needs(geteuid() == 0, "mounting a small tmpfs needs root"))
struct PruneRoomTests {
    /// "about N h of riding at 1 Hz" in `status`'s storage line.
    static func hoursAt1Hz(_ db: String) throws -> Int {
        let r = try CLIRunner.run(["status", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("storage ") }.map(String.init), "\(r.stdout)")
        let hours = try #require(line.firstMatch(of: /about ([0-9]+) h of riding at 1 Hz/), "\(line)")
        return try #require(Int(hours.1))
    }

    /// The recorder's estimate, on a connection closed after it: a connection held open would keep
    /// the prune's WAL on the card, which the last close gives back.
    static func estimate(_ db: String) throws -> StorageEstimate {
        let store = try RideStore(path: db)
        defer { store.close() }
        return try store.storageEstimate()
    }

    @Test("After a prune, status's hours of riding go up and the low-storage rule clears")
    func pruneGivesRoomToNewRides() throws {
        try DriveProbe.onSmallCard("prune-room", megabytes: 100) { dir, mount in
            let db = mount.appendingPathComponent("rides.db").path
            // One ride kept (10 000 fixes: the cost per fix stays measured) and three handed over.
            let folder = try ImportRoomTests.rides(in: dir, ["a.gpx", "b.gpx", "c.gpx"], points: 6_000)
            let kept = dir.appendingPathComponent("kept.gpx")
            try Data(ImportRoomTests.gpx(10_000, lat: 30).utf8).write(to: kept)
            #expect(try CLIRunner.run(["import", "--db", db, kept.path]).status == 0)
            let imported = try CLIRunner.run(["import", "--db", db, folder.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            let rides = try RideReader(path: db).rides()
            try #require(rides.count == 4)
            for ride in rides.dropFirst() { _ = try DumpLedger(path: db).markDumped(id: ride.id, dumpedUTCms: 1_000) }
            let used = try Self.estimate(db).bytesPerFix.map { $0 * 28_000 } ?? 0
            try #require(used > 1_000_000, "\(used) bytes in use")
            // The card left with as much as the rides use; low below 110 % of the hours that fit now,
            // as the recorder's rule with these limits (its floor on the card's own bytes not reached).
            try FullStorage.fill(mount, leaving: Int64(used))
            let before = try Self.estimate(db)
            var rule = LowStorageRule()
            rule.minFreeBytes = 0
            rule.minHours = try #require(before.hoursOfRiding(rateHz: rule.rateHz)) * 1.1
            #expect(rule.isLow(before), "\(before)")
            let hoursBefore = try Self.hoursAt1Hz(db)

            let pruned = try CLIRunner.run(["prune", "--db", db, "--dumped-before", "2100-01-01"])
            #expect(pruned.status == 0, "\(pruned.stderr)")
            #expect(pruned.stdout.contains("pruned 3 rides"), "\(pruned.stdout)")
            let after = try Self.estimate(db)
            #expect(rule.isClear(after), "\(after)")
            // The floor kept for SQLite's WAL and the status file is the card's own room: free pages hold only fixes.
            var floor = LowStorageRule()
            floor.minFreeBytes = UInt64(used * 1.1)
            floor.minHours = 0
            #expect(floor.isLow(before) && floor.isLow(after), "\(after)")
            #expect(after.reusableBytes > UInt64(used * 0.5), "\(after)")
            let hoursAfter = try Self.hoursAt1Hz(db)
            #expect(hoursAfter > hoursBefore, "\(hoursBefore) h before the prune, \(hoursAfter) h after")
            let status = try CLIRunner.run(["status", "--db", db]).stdout
            #expect(status.contains("inside rides.db, pruned rides' room: reused by new rides; the file does not shrink)"), "\(status)")
        }
    }
}
