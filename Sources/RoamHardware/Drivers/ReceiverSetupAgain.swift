/// The receiver's latest set-up mid-run (after a silence, junk, or epochs slower than it was set up
/// for; never the set-up of an open), for `roam-board status`: a rider or a helper at the bench sees
/// that the module lost its settings, when and why, without the log.
public struct ReceiverSetupAgain: Sendable, Equatable {
    /// Why, in the log line's own words ("silent for 3 s: …"): made once, by `GNSSReceiver`.
    public var cause: String
    /// Set-ups again so far by this receiver, that is in this recorder run.
    public var count: Int
    /// When the set-up ended, on the monotonic clock and the wall clock.
    public var monoNs: UInt64
    public var utcMs: Int64
    /// What setting it up again could not change, in short (`ReceiverDeliveredRate.summary`: a module
    /// that delivers fewer epochs than it acknowledged, and why); nil: nothing found.
    public var delivers: String?

    public init(cause: String, count: Int, monoNs: UInt64, utcMs: Int64, delivers: String? = nil) {
        self.cause = cause; self.count = count; self.monoNs = monoNs; self.utcMs = utcMs; self.delivers = delivers
    }
}
