/// When one gap of a ride began and ended, computed once (`RideReader.gapSpans`) for `show`, the
/// ride's page and the FIT timer, so they say the same seconds. A gap is the receiver's, not the
/// drawing's: it runs from the last usable fix before it (one under the distance gate included, which
/// the page does not draw) to the first fix of the segment after it, the span the pipeline bridged
/// and timed (P5).
public struct GapSpan: Sendable, Equatable {
    /// The last usable fix before the gap, and the first fix after it (a segment's first fix).
    public var fromSeq: Int64, toSeq: Int64
    public var fromUTCms: Int64?, toUTCms: Int64?
    /// The pipeline counted the gap's time as moving (`FixFlags.movedThroughGap`): ridden through.
    public var movedThrough: Bool

    public init(fromSeq: Int64, toSeq: Int64, fromUTCms: Int64?, toUTCms: Int64?, movedThrough: Bool) {
        self.fromSeq = fromSeq; self.toSeq = toSeq; self.fromUTCms = fromUTCms; self.toUTCms = toUTCms
        self.movedThrough = movedThrough
    }

    /// Flags that keep a fix out of a gap's ends: all that set a fix aside but the distance gate.
    public static let unusable = FixFlags.rejecting.subtracting(.underDistanceGate)

    /// Seconds from its last fix before to its first after; nil when either has no UTC time.
    public var durationS: Double? {
        guard let a = fromUTCms, let b = toUTCms else { return nil }
        return Double(max(0, b - a)) / 1000
    }
}

extension Array where Element == GapSpan {
    /// The gap that opens the segment starting at fix `seq`, if one does.
    public func span(endingAt seq: Int64) -> GapSpan? { first { $0.toSeq == seq } }
}
