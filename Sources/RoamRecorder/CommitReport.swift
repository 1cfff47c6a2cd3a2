import RoamCore

/// What the commit thread announces after a batch is durably committed (never before: P1).
public struct CommitReport: Sendable, Equatable {
    public var rideID: Int64
    /// Sequence numbers of the fixes in the batch (empty for an events-only batch).
    public var seqs: ClosedRange<Int64>?
    public var fixCount: Int
    public var totals: RideTotals
    /// Batches that had been parked and landed with this one.
    public var recoveredParkedEpochs: Int
    /// The session's word on whether the batch ended on a measured position (`RideSessionCommit.hasMeasuredFix`).
    public var hasMeasuredFix: Bool?
}
