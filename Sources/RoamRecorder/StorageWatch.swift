import RoamStore

/// The low-storage state the commit thread keeps between checks of `LowStorageRule`: when the
/// next check is due, whether storage is low, and whether the last measurement failed (so a
/// failure is announced once per streak, not every 30 s).
struct StorageWatch {
    enum Change: Equatable {
        case becameLow(LowStorage)
        case recovered(freeBytes: UInt64)
        case unmeasured(error: String)
    }

    let rule: LowStorageRule
    private(set) var low: LowStorage?
    private var unmeasured = false
    private var nextCheckNs: UInt64 = 0

    init(rule: LowStorageRule) { self.rule = rule }

    func isDue(nowNs: UInt64) -> Bool { nowNs >= nextCheckNs }

    /// When the next check is due (a reading of the commit thread's clock).
    var nextCheckDueNs: UInt64 { nextCheckNs }

    mutating func check(nowNs: UInt64, measure: () throws -> StorageEstimate) -> Change? {
        nextCheckNs = nowNs + UInt64(rule.checkEveryS * 1e9)
        let estimate: StorageEstimate
        do {
            estimate = try measure()
        } catch {
            defer { unmeasured = true }
            // In words: a read of the rides table can fail as SQLite, and its codes must not reach the journal.
            return unmeasured ? nil : .unmeasured(error: StorageWords.of(error))
        }
        unmeasured = false
        if low == nil, rule.isLow(estimate) {
            let found = rule.describe(estimate)
            low = found
            return .becameLow(found)
        }
        if low != nil, rule.isClear(estimate) {
            low = nil
            return .recovered(freeBytes: estimate.freeBytes)
        }
        return nil
    }
}
