import Testing
@testable import RoamStore

@Suite struct StorageEstimateTests {
    @Test func hoursOfRidingFollowFreeSpaceAndCostPerFix() {
        // 1 GB free at 500 bytes per fix: 2 000 000 fixes, 555.6 h at 1 Hz, 55.6 h at 10 Hz.
        let e = StorageEstimate(freeBytes: 1_000_000_000, bytesPerFix: 500)
        #expect(abs(e.hoursOfRiding(rateHz: 1)! - 555.555) < 0.01)
        #expect(abs(e.hoursOfRiding(rateHz: 10)! - 55.5555) < 0.001)
    }

    @Test func unknownBeforeTheFirstFix() throws {
        let dir = try TemporaryDirectory()
        let e = try StorageEstimate.measure(databasePath: dir.path(), fixCount: 0)
        #expect(e.bytesPerFix == nil)
        #expect(e.hoursOfRiding(rateHz: 1) == nil)
        #expect(e.freeBytes > 0)
    }

    @Test func aMissingDirectoryIsAnErrorNamingIt() {
        #expect(throws: StorageEstimate.Failure.self) {
            _ = try StorageEstimate.measure(databasePath: "/nonexistent-roam-dir/rides.db", fixCount: 10)
        }
    }
}
