/// The elevation profile's axes: distance across, barometric altitude up, inside fixed margins.
/// `ElevationSVG` draws with it and the replay's cursor moves with it, so both agree.
struct ProfileScale: Equatable {
    static let margin = (left: 56.0, right: 12.0, top: 12.0, bottom: 28.0)

    var left: Double, plotW: Double, maxDistM: Double
    var top: Double, plotH: Double, low: Double, high: Double

    /// Nil when no point has a barometric altitude (the profile is then a note, not a plot).
    init?(points: [ViewTrack.Point], width: Double, height: Double) {
        let alts = points.compactMap(\.altitudeM)
        guard let minAlt = alts.min(), let maxAlt = alts.max() else { return nil }
        // Pad the altitude range so a flat ride is not drawn as a wall of noise.
        let span = max(maxAlt - minAlt, 20)
        low = (minAlt + maxAlt) / 2 - span / 2 - span * 0.05
        high = low + span * 1.1
        left = Self.margin.left
        top = Self.margin.top
        plotW = width - Self.margin.left - Self.margin.right
        plotH = height - Self.margin.top - Self.margin.bottom
        maxDistM = max(points.map(\.distanceM).max() ?? 0, 1)
    }

    func x(distanceM d: Double) -> Double { left + d / maxDistM * plotW }
    func y(altitudeM a: Double) -> Double { top + (high - a) / (high - low) * plotH }
}
