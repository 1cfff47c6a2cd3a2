import RoamCore

/// The speed an export writes with each fix: the receiver's where it measured speed, and where the
/// ride's speed is derived from positions (a replayed or imported track), the page's own
/// (`DerivedSpeeds`, fed as `ViewTrack` feeds it), so no fix is faster than the ride's maximum and a
/// file's speeds are those its page shows. A fix set aside has no derived speed.
struct ExportSpeed {
    private var derived: DerivedSpeeds?

    /// The receiver's speed, until `begin` knows the ride.
    init() {}

    init(_ ride: RideSummary) {
        derived = ride.parameters.maxSpeedOverSpans ? DerivedSpeeds(ride.parameters) : nil
    }

    /// Feed every exported fix in stored order: each accepted one with a position moves the span on.
    mutating func speed(at fix: FixRecord) -> Double? {
        guard derived != nil else { return fix.epoch.speedMps }
        guard fix.flags.isAccepted, fix.epoch.hasPosition else { return nil }
        return derived!.speed(at: fix)
    }
}
