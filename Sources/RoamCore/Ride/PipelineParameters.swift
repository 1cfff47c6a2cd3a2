/// The parameters that decided a ride's flags and totals; stored with the ride (P4).
public struct PipelineParameters: Sendable, Equatable, Codable {
    public var version = 1
    /// No accepted position for longer than this starts a new segment (P5).
    public var gapAfterS = 5.0
    /// Closer than this to the last accepted point: flagged, kept, not counted.
    public var distanceGateM = 10.0
    public init() {}
}
