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
        // 2 MB of schema, WAL and first pages over 100 fixes would claim 20 kB per fix: a false
        // "storage low" on any card with less than 1.4 GB free at the start of the first ride.
        let dir = try TemporaryDirectory()
        let db = dir.path()
        #expect(FileManager.default.createFile(atPath: db, contents: Data(count: 2_000_000)))
        let young = try StorageEstimate.measure(databasePath: db, fixCount: 100)
        #expect(young.bytesPerFix == StorageEstimate.typicalBytesPerFix)
        #expect(!young.costIsMeasured)
        #expect(young.freeBytes > 0)
        let grown = try StorageEstimate.measure(databasePath: db, fixCount: 20_000)
        #expect(grown.bytesPerFix == 100)
        #expect(grown.costIsMeasured)
    }

    @Test func aMissingDirectoryIsAnErrorNamingIt() {
        #expect(throws: StorageEstimate.Failure.self) {
            _ = try StorageEstimate.measure(databasePath: "/nonexistent-roam-dir/rides.db", fixCount: 10)
        }
    }
}
