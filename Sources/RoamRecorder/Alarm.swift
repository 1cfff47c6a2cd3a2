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
