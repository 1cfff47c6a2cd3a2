/// Watches fixes that fail the implied-speed test (docs/DESIGN.md §5, jumps). One such fix is a glitch
/// and is flagged. Several in a row that agree with each other mean the receiver really is
/// elsewhere (or the track before them was wrong): the track breaks and continues from there.
public struct JumpWatch: Sendable, Equatable, Codable {
    var last: PipelineState.AcceptedPoint?
    var count = 0

    public init() {}

    /// True when `to` is further from `from` than a bicycle gets in the time between them.
    public static func isJump(from: PipelineState.AcceptedPoint, to: PipelineState.AcceptedPoint, parameters p: PipelineParameters) -> Bool {
        guard let dtS = to.time.seconds(since: from.time), dtS > 0 else { return false }
        let d = Haversine.distanceM(lat1: from.latDeg, lon1: from.lonDeg, lat2: to.latDeg, lon2: to.lonDeg)
        return d > p.maxSpeedMps * dtS + p.jumpSlackM
    }

    /// Records a fix that jumped away from the track; returns true once `jumpConfirmFixes` of them
    /// in a row agree with each other.
    public mutating func observe(_ point: PipelineState.AcceptedPoint, parameters p: PipelineParameters) -> Bool {
        let agrees = last.map { !Self.isJump(from: $0, to: point, parameters: p) } ?? false
        count = agrees ? count + 1 : 1
        last = point
        guard count >= p.jumpConfirmFixes else { return false }
        clear()
        return true
    }

    public mutating func clear() { last = nil; count = 0 }
}
