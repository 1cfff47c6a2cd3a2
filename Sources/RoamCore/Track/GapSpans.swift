/// When each gap of a ride began and ended, computed once for `show`, the ride's page and the FIT
/// timer, so they say the same seconds. A gap is the receiver's, not the drawing's: it runs from the
/// last usable fix before it (one under the distance gate included, which the page does not draw)
/// to the first fix of the segment after it, the span the pipeline bridged and timed (P5).
public struct GapSpan: Sendable, Equatable {
    /// The last usable fix before the gap, and the first fix after it (a segment's first fix).
    public var fromSeq: Int64, toSeq: Int64
    public var fromUTCms: Int64?, toUTCms: Int64?
    /// The segment the gap opens.
    public var segment: Int
    /// The pipeline counted the gap's time as moving (`FixFlags.movedThroughGap`): ridden through.
    public var movedThrough: Bool

    public init(fromSeq: Int64, toSeq: Int64, fromUTCms: Int64?, toUTCms: Int64?, segment: Int, movedThrough: Bool) {
        self.fromSeq = fromSeq; self.toSeq = toSeq; self.fromUTCms = fromUTCms; self.toUTCms = toUTCms
        self.segment = segment; self.movedThrough = movedThrough
    }

    /// Seconds from its last fix before to its first after; nil when either has no UTC time.
    public var durationS: Double? {
        guard let a = fromUTCms, let b = toUTCms else { return nil }
        return Double(max(0, b - a)) / 1000
    }
}

/// Folds a ride's fixes, in `seq` order, into its gaps' spans (`GapSpan`).
public struct GapSpans: Sendable {
    public private(set) var spans: [GapSpan] = []
    private var last: (seq: Int64, utcMs: Int64?, segment: Int)?

    public init() {}

    /// A fix the pipeline followed: it has a position and nothing but the distance gate set it aside.
    public static func isUsable(_ fix: FixRecord) -> Bool {
        fix.epoch.hasPosition && fix.flags.subtracting(.underDistanceGate).isAccepted
    }

    /// Takes the next fix; returns the gap it ends when it is the first fix of a segment after one.
    @discardableResult
    public mutating func add(_ fix: FixRecord) -> GapSpan? {
        guard Self.isUsable(fix) else { return nil }
        defer { last = (fix.seq, fix.utcMs ?? last?.utcMs, fix.segment) }
        guard let before = last, before.segment != fix.segment else { return nil }
        let span = GapSpan(fromSeq: before.seq, toSeq: fix.seq, fromUTCms: before.utcMs, toUTCms: fix.utcMs,
                           segment: fix.segment, movedThrough: fix.flags.contains(.movedThroughGap))
        spans.append(span)
        return span
    }

    /// The gap that opens the segment starting at fix `seq`, if one does.
    public func span(endingAt seq: Int64) -> GapSpan? { spans.first { $0.toSeq == seq } }
}
