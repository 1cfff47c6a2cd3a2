import RoamCore

/// The speed every output shows with each fix (the page's chart, colours and replay, FIT records,
/// GPX points): the receiver's where it measured speed, and where the ride's speed is derived from
/// positions (a replayed or imported track), the span speed its maximum is taken over
/// (`DerivedSpeeds`), so no fix is faster than the ride's maximum. A fix set aside has no derived speed.
struct ExportSpeed {
    private var derived: DerivedSpeeds?

    /// The receiver's speed, until `begin` knows the ride.
    init() {}

    init(_ parameters: PipelineParameters) {
        derived = parameters.maxSpeedOverSpans ? DerivedSpeeds(parameters) : nil
    }

    init(_ ride: RideSummary) { self.init(ride.parameters) }

    /// Feed every exported fix in stored order: each accepted one with a position moves the span on.
    mutating func speed(at fix: FixRecord) -> Double? {
        guard derived != nil else { return fix.epoch.speedMps }
        guard fix.flags.isAccepted, fix.epoch.hasPosition else { return nil }
        return derived!.speed(at: fix)
    }
}
