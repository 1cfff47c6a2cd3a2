/// One durable unit (P1): everything the commit thread took from the queue at once, written as one
/// transaction together with the ride's totals and the pipeline state that follows it.
public struct Batch: Sendable, Equatable {
    public var rideID: Int64
    public var fixes: [FixRecord]
    public var events: [RideEvent]
    public var state: PipelineState
    public init(rideID: Int64, fixes: [FixRecord], events: [RideEvent], state: PipelineState) {
        self.rideID = rideID; self.fixes = fixes; self.events = events; self.state = state
    }
}
