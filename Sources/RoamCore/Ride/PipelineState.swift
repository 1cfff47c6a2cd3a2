/// Everything the pipeline needs to continue a ride after a restart, committed with every batch
/// (P1) so a resumed ride continues from the row, never by replaying its fixes (P2).
public struct PipelineState: Sendable, Equatable, Codable {
    public var nextSeq: Int64 = 0
    public var segment: Int = 0
    public var lastAccepted: AcceptedPoint?
    public var totals = RideTotals()
    /// The next accepted fix starts a new segment (after a gap or a restart).
    public var segmentPending = false

    public struct AcceptedPoint: Sendable, Equatable, Codable {
        public var latDeg: Double
        public var lonDeg: Double
        public var monoNs: UInt64
        public var utcMs: Int64?
    }

    public init() {}
}
