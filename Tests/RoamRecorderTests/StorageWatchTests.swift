@testable import RoamRecorder
import RoamStore
import Testing

/// When storage counts as low, when it counts as fine again, and how a failed measurement is told.
@Suite struct StorageWatchTests {
    struct Unmeasurable: Error {}
    static let mib: UInt64 = 1 << 20

    static var rule: LowStorageRule {
        var r = LowStorageRule()
        r.minFreeBytes = 100 * mib
        r.minHours = 2
        r.rateHz = 10
        r.checkEveryS = 30
        return r
    }

    @Test func lowBelowTheFloorAndFineOnlyWithTheMargin() {
        var w = StorageWatch(rule: Self.rule)
        func check(_ free: UInt64, at s: UInt64) -> StorageWatch.Change? {
            w.check(nowNs: s * 1_000_000_000) { StorageEstimate(freeBytes: free, bytesPerFix: nil) }
        }
        #expect(check(200 * Self.mib, at: 0) == nil)
        guard case .becameLow(let low) = check(90 * Self.mib, at: 30) else { Issue.record("not low at 90 MiB"); return }
        // Free space and the limit in one unit, the options' (MiB), never "94.4 MB" beside "100 MiB".
        #expect(low.detail == "90 MiB free (limit 2.0 h or 100 MiB): dump and prune rides", "\(low.detail)")
        #expect(low.hoursOfRiding == nil)
        #expect(check(80 * Self.mib, at: 60) == nil)   // already low: told once
        #expect(check(110 * Self.mib, at: 90) == nil)  // above the floor, not above the margin (125 MiB)
        #expect(w.low != nil)
        #expect(check(130 * Self.mib, at: 120) == .recovered(freeBytes: 130 * Self.mib))
        #expect(w.low == nil)
    }

    /// A card nearly full beside a database with many free pages (rides pruned): the pages hold new
    /// fixes, never SQLite's WAL or the status file, so the floor is judged on the card's own room.
    @Test func freePagesInsideTheDatabaseDoNotHoldTheFloor() {
        var w = StorageWatch(rule: Self.rule)
        // No cost per fix yet: only the floor can make it low.
        var e = StorageEstimate(freeBytes: 300 * Self.mib, bytesPerFix: nil)
        e.reusableBytes = 299 * Self.mib
        guard case .becameLow(let low) = w.check(nowNs: 0, measure: { e }) else { Issue.record("not low with 1 MiB left on the card"); return }
        #expect(low.detail.hasPrefix("1 MiB free ("), "the card's own room: \(low.detail)")
        #expect(!Self.rule.isClear(e))
    }

    @Test func lowWhenFewerHoursOfRidingFitAtThisDatabasesCostPerFix() {
        var w = StorageWatch(rule: Self.rule)
        // 1000 B per fix at 10 Hz: 2 h need 72 MB; 150 MiB free is far above the floor but holds 4.4 h.
        #expect(w.check(nowNs: 0) { StorageEstimate(freeBytes: 150 * Self.mib, bytesPerFix: 1000) } == nil)
        let change = w.check(nowNs: 30_000_000_000) { StorageEstimate(freeBytes: 150 * Self.mib, bytesPerFix: 3000) }
        guard case .becameLow(let low) = change else { Issue.record("not low at 1.5 h of riding: \(String(describing: change))"); return }
        #expect(low.hoursOfRiding.map { abs($0 - 1.456) < 0.01 } == true)
        #expect(low.detail.contains("about 1.5 h of riding at 10 Hz"), "\(low.detail)")
    }

    @Test func checksAreSpacedAndAFailureIsToldOncePerStreak() {
        var w = StorageWatch(rule: Self.rule)
        #expect(w.isDue(nowNs: 0))
        let first = w.check(nowNs: 5_000_000_000) { throw Unmeasurable() }
        #expect({ if case .unmeasured = first { return true }; return false }())
        #expect(!w.isDue(nowNs: 34_000_000_000))
        #expect(w.isDue(nowNs: 35_000_000_000))
        #expect(w.check(nowNs: 35_000_000_000) { throw Unmeasurable() } == nil)
        #expect(w.check(nowNs: 65_000_000_000) { StorageEstimate(freeBytes: 200 * Self.mib, bytesPerFix: nil) } == nil)
        let again = w.check(nowNs: 95_000_000_000) { throw Unmeasurable() }
        #expect({ if case .unmeasured = again { return true }; return false }())
    }
}

extension StorageWatchTests {
    /// `storageEstimate` reads the rides table, so a failed measurement can be SQLite's: the journal
    /// and the status get its cause in words (`StorageWords`), never "SQLite error 10 (SQLITE_IOERR…)".
    @Test func aFailedMeasurementIsSaidInWordsNotSQLitesCodes() {
        var w = StorageWatch(rule: Self.rule)
        let failed = SQLiteError(code: ResultCode(rawValue: 266), message: "disk I/O error", sql: "SELECT coalesce(sum(fix_count), 0) FROM rides",
                                 path: "/data/rides.db")
        let change = w.check(nowNs: 0) { throw failed }
        #expect(change == .unmeasured(error: "the storage holding /data/rides.db failed to read or write (I/O error)"), "\(String(describing: change))")
    }
}
