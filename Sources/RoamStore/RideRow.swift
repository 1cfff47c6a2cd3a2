import RoamCore

/// One row of `rides`, decoded: what re-arm needs to continue a ride (P7) and what
/// `rides`, `show` and `check` report.
public struct RideRow: Sendable, Equatable {
    public enum State: String, Sendable { case recording, stopped }

    public var id: Int64
    public var state: State
    public var startedMonoNs: UInt64
    /// nil when the ride started before the receiver had sent a date (a Pi has no RTC).
    public var startedUTCms: Int64?
    public var endedUTCms: Int64?
    /// The totals columns, as committed with the last batch (P1).
    public var totals: RideTotals
    /// Batches that were parked after a failed commit and landed later (P3).
    public var parkedCount: Int
    /// Fixes lost because the parking space ran out (P3).
    public var lostCount: Int
    /// The state the pipeline continues from (P2: resume reads this, never replays fixes).
    public var pipelineState: PipelineState
    public var parameters: PipelineParameters
    public var lastCommitUTCms: Int64?
    public var dumpedUTCms: Int64?

    public init(id: Int64, state: State, startedMonoNs: UInt64, startedUTCms: Int64?, endedUTCms: Int64?,
                totals: RideTotals, parkedCount: Int, lostCount: Int, pipelineState: PipelineState,
                parameters: PipelineParameters, lastCommitUTCms: Int64?, dumpedUTCms: Int64?) {
        self.id = id; self.state = state; self.startedMonoNs = startedMonoNs
        self.startedUTCms = startedUTCms; self.endedUTCms = endedUTCms
        self.totals = totals; self.parkedCount = parkedCount; self.lostCount = lostCount
        self.pipelineState = pipelineState; self.parameters = parameters
        self.lastCommitUTCms = lastCommitUTCms; self.dumpedUTCms = dumpedUTCms
    }
}
