/// Where the playback draws: the map's projection and the elevation profile's axes, the very ones
/// `TrackSVG` and `ElevationSVG` draw with at these sizes, so the marker and the cursor sit on the
/// drawn lines. `ViewReplayTests` checks both against the drawn vertices.
struct PlaybackGeometry {
    static let mapWidth = 960.0, mapMaxHeight = 600.0

    let map: MapProjection
    /// Nil when the ride has no barometric altitude (the profile is then a note, not a plot).
    let profile: ProfileScale?

    init(track: ViewTrack) {
        map = TrackSVG.projection(track, width: Self.mapWidth, maxHeight: Self.mapMaxHeight)
        profile = ElevationSVG.scale(track)
    }

    /// The profile's transform as a JSON object (nine decimals: far below a tenth of a pixel).
    var profileJSON: String {
        guard let p = profile else { return "null" }
        let fields: [(String, Double)] = [("left", p.left), ("plotW", p.plotW), ("maxDistM", p.maxDistM),
                                          ("top", p.top), ("plotH", p.plotH), ("low", p.low), ("high", p.high)]
        return "{" + fields.map { "\"\($0.0)\":" + JSONText.number($0.1, digits: 9) }.joined(separator: ",") + "}"
    }
}
