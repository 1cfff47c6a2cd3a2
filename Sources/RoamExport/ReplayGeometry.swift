/// Where the replay draws: the map's projection and the elevation profile's axes, set up exactly
/// as `TrackSVG` and `ElevationSVG` set up theirs (same sizes, margins and padding), so the marker
/// and the cursor sit on the drawn lines. `ViewReplayTests` checks both against the drawn vertices.
struct ReplayGeometry {
    static let mapWidth = 960.0, mapMaxHeight = 640.0
    static let profileWidth = 960.0, profileHeight = 220.0

    /// The profile's transform: x = left + distance / maxDistM × plotW,
    /// y = top + (high − altitude) / (high − low) × plotH.
    struct Profile: Equatable {
        var left: Double, plotW: Double, maxDistM: Double
        var top: Double, plotH: Double, low: Double, high: Double
    }

    let map: MapProjection
    /// Nil when the ride has no barometric altitude (the profile is then a note, not a plot).
    let profile: Profile?

    init(track: ViewTrack) {
        let points = track.segments.flatMap(\.points)
        map = MapProjection(points: points.map { (lat: $0.latDeg, lon: $0.lonDeg) },
                            width: Self.mapWidth, maxHeight: Self.mapMaxHeight)
        profile = Self.profile(points)
    }

    private static func profile(_ points: [ViewTrack.Point]) -> Profile? {
        let alts = points.compactMap(\.altitudeM)
        guard let minAlt = alts.min(), let maxAlt = alts.max() else { return nil }
        let margin = (left: 56.0, right: 12.0, top: 12.0, bottom: 28.0)
        let span = max(maxAlt - minAlt, 20), low = (minAlt + maxAlt) / 2 - span / 2 - span * 0.05
        return Profile(left: margin.left, plotW: profileWidth - margin.left - margin.right,
                       maxDistM: max(points.map(\.distanceM).max() ?? 0, 1),
                       top: margin.top, plotH: profileHeight - margin.top - margin.bottom,
                       low: low, high: low + span * 1.1)
    }

    /// The profile's transform as a JSON object (nine decimals: far below a tenth of a pixel).
    var profileJSON: String {
        guard let p = profile else { return "null" }
        let fields: [(String, Double)] = [("left", p.left), ("plotW", p.plotW), ("maxDistM", p.maxDistM),
                                          ("top", p.top), ("plotH", p.plotH), ("low", p.low), ("high", p.high)]
        return "{" + fields.map { "\"\($0.0)\":" + JSONText.number($0.1, digits: 9) }.joined(separator: ",") + "}"
    }
}
