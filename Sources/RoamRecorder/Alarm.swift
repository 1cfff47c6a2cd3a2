import RoamCore
import RoamStore

/// The recorder's alarm (P3): raised when a batch could not be committed or fixes were lost,
/// cleared when everything parked has landed. The LED shows it (its pattern lives in RoamCore);
/// `status` shows it from the status file, which works while the database cannot be written.
public struct Alarm: Sendable, Equatable {
    public enum Cause: String, Sendable {
        /// A commit failed; the batch is parked and retried with backoff.
        case storageFailing = "storage-failing"
        /// Epochs were dropped (queue or parking space full); the count is recorded as a `lost` event.
        case fixesLost = "fixes-lost"
    }

    public var cause: Cause
    public var sinceMonoNs: UInt64
    public var sinceUTCms: Int64
    /// The first error of the outage, or what was lost.
    public var detail: String

    public init(cause: Cause, sinceMonoNs: UInt64, sinceUTCms: Int64, detail: String) {
        self.cause = cause; self.sinceMonoNs = sinceMonoNs; self.sinceUTCms = sinceUTCms; self.detail = detail
    }
}

extension Alarm.Cause {
    /// What failed, in a rider's words: what the recorder's lines and `status` say. `rawValue` stays
    /// the status file's key, read back by `status` of any version.
    public var words: String {
        switch self {
        case .storageFailing: "storage refused the ride's fixes"
        case .fixesLost: "fixes were lost"
        }
    }

    /// What became of the fixes, while the recorder runs.
    public var kept: String {
        switch self {
        case .storageFailing: "they are kept in memory, in order, and written once storage takes them again"
        case .fixesLost: "their count is recorded in the ride as lost once storage takes the fixes again"
        }
    }

    /// What to look at, for either cause: the storage the database is on.
    public static let check = "check the storage the database is on: its free space and its errors ('dmesg')"
    /// What to look at when another program held the database's write lock past the wait.
    public static let lockedCheck = "another program is writing the database (a roam-board import, rederive or prune run by hand, "
        + "or an sqlite3 shell): the fixes are written once it is done; if this lasts, stop that program"
}

extension Alarm {
    /// The recorder's line when the alarm is raised: what failed, what became of the fixes, what to check.
    public var raisedLine: String { "ALARM: \(cause.words) (\(detail)): \(cause.kept); \(check)" }

    /// What to look at for this alarm: the storage, unless another writer's lock was the cause.
    public var check: String {
        cause == .storageFailing && SQLiteError.saysLockedByAnotherWriter(detail) ? Cause.lockedCheck : Cause.check
    }

    /// The recorder's line when it clears, with the fixes that waited in memory and are now written.
    public func clearedLine(landed: Int) -> String {
        let written = landed == 0 ? "" : "; the \(Plural.count(landed, "fix", "fixes")) kept in memory are written, in order"
        return "alarm cleared: " + (cause == .storageFailing ? "storage takes the ride's fixes again" : "the lost fixes are recorded in the ride")
            + written
    }

    /// The recorder's line at a failed retry while the alarm stands: the first few, then one a
    /// minute (`RefusedRetryLines`), which counts the `unsaidTries` that failed since the last line.
    public static func stillRefusedLine(kept: Int, retryInS: Double, error: String, unsaidTries: Int = 0) -> String {
        let unsaid = unsaidTries == 0 ? "" : " (\(Plural.count(unsaidTries, "more try", "more tries")) failed since the last line; said once a minute)"
        return "ALARM: storage still refuses the ride's fixes: \(Plural.count(kept, "fix", "fixes")) kept in memory, "
            + "next try in \(FixedPoint.format(retryInS, digits: 2)) s\(unsaid): \(error)"
    }
}
