/// The speed each stored fix of a ride whose speed is derived (`PipelineParameters.maxSpeedOverSpans`)
/// is shown with: the page's speed chart, its track's colours and its replay's readout. It is the
/// pipeline's own `SpanSpeed`, replayed in order from the fixes' stored flags and distances, kept
/// by the same limit as the ride's maximum (`SpanSpeed.counted`): so the chart's highest value is
/// the ride's maximum speed, and one late-stamped step never paints a stretch in the fastest colour.
public struct DerivedSpeeds: Sendable {
    private var span = SpanSpeed()
    private let spanS: Double
    private let limitMps: Double

    public init(_ parameters: PipelineParameters) {
        spanS = parameters.maxSpeedSpanS
        limitMps = parameters.maxSpeedMps
    }

    /// The speed at the ride's next stored fix, fed every fix in order: nil for a fix set aside, at
    /// a segment's start and until the segment is `spanS` long (no span crosses a gap).
    public mutating func speed(at fix: FixRecord) -> Double? {
        guard fix.flags.isAccepted else { return nil }
        let time = TimeStamp(utcMs: fix.utcMs, timeOfDayMs: nil, monoNs: fix.monoNs)
        if fix.flags.contains(.segmentStart) {
            span.start(at: time)
            return nil
        }
        return SpanSpeed.counted(span.advance(byM: fix.distanceAddedM, at: time, spanS: spanS), limitMps: limitMps)
    }
}
