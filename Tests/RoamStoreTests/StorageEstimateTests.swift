import Foundation
import Testing
@testable import RoamStore

@Suite struct StorageEstimateTests {
    @Test func hoursOfRidingFollowFreeSpaceAndCostPerFix() {
        // 1 GB free at 500 bytes per fix: 2 000 000 fixes, 555.6 h at 1 Hz, 55.6 h at 10 Hz.
        let e = StorageEstimate(freeBytes: 1_000_000_000, bytesPerFix: 500)
        #expect(abs(e.hoursOfRiding(rateHz: 1)! - 555.555) < 0.01)
        #expect(abs(e.hoursOfRiding(rateHz: 10)! - 55.5555) < 0.001)
    }

    @Test func aYoungDatabaseIsCountedAtTheTypicalCostNotItsOwn() throws {
        // 2 MB of schema and first pages over 100 fixes would claim 20 kB per fix: a false
        // "storage low" on any card with less than 1.4 GB free at the start of the first ride.
        let dir = try TemporaryDirectory()
        let db = dir.path()
        let pages = DatabasePages(pageSize: 4096, pageCount: 500, freelistCount: 0)
        let young = try StorageEstimate.measure(databasePath: db, fixCount: 100, pages: pages)
        #expect(young.bytesPerFix == StorageEstimate.typicalBytesPerFix)
        #expect(!young.costIsMeasured)
        #expect(young.freeBytes > 0)
        let grown = try StorageEstimate.measure(databasePath: db, fixCount: 20_000, pages: pages)
        #expect(grown.bytesPerFix == 102.4)
        #expect(grown.costIsMeasured)
    }

    /// A prune's free pages are room for new fixes and no part of what a fix costs: it took the
    /// file's size over the fixes left, and the card alone as room, so a prune made hours fall.
    @Test func freePagesAreRoomNotCost() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path()
        let whole = DatabasePages(pageSize: 4096, pageCount: 10_000, freelistCount: 0)
        let pruned = DatabasePages(pageSize: 4096, pageCount: 10_000, freelistCount: 7_500)
        let before = try StorageEstimate.measure(databasePath: db, fixCount: 40_000, pages: whole)
        let after = try StorageEstimate.measure(databasePath: db, fixCount: 10_000, pages: pruned)
        #expect(before.bytesPerFix == 1024 && after.bytesPerFix == 1024)
        #expect(after.reusableBytes == 7_500 * 4096 && before.reusableBytes == 0)
        // The card's free space is read twice; the free pages make the difference.
        #expect(after.freeBytes >= before.freeBytes + 7_500 * 4096 - (1 << 20))
        #expect(after.roomText.contains("of it inside rides.db, pruned rides' room: reused by new rides; the file does not shrink)"))
    }

    @Test func aMissingDirectoryIsAnErrorNamingIt() {
        #expect(throws: StorageEstimate.Failure.self) {
            _ = try StorageEstimate.measure(databasePath: "/nonexistent-roam-dir/rides.db", fixCount: 10,
                                             pages: DatabasePages(pageSize: 4096, pageCount: 1, freelistCount: 0))
        }
    }
}
