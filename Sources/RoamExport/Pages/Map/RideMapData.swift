import RoamCore

/// What Scripts/ride-map.js draws on Leaflet, from the very points, runs and marks `TrackSVG`
/// draws: per drawn segment its runs of one speed band (a run never crosses a gap: each segment is
/// its own list), start and finish, stops with their durations, both sides of each gap, the
/// flagged sample. Latitudes and longitudes are in 1e-5 degrees (about a metre), each run's
/// columns delta-coded like the playback's. Written with `<`, `>` and `&` escaped, so the page
/// stays well-formed XML.
struct RideMapData {
    static let unknownColor = "#9a9a9a"
    /// A ride that ends this close to where it began is a loop: one "Start/Finish" label, so neither
    /// label covers the other.
    static let loopM = 60.0

    let json: String

    init(track: ViewTrack, bands: SpeedBands, marks: RideMarks) {
        var segments: [String] = []
        for seg in track.segments {
            var runs: [String] = []
            var lat = PlaybackDeltaColumn(), lon = PlaybackDeltaColumn()
            var runBand: Int?? = nil
            var count = 0
            func flush() {
                guard count > 0, let b = runBand else { return }
                runs.append("{\"b\":\(b.map(String.init) ?? "-1"),\"a\":\(lat.json),\"o\":\(lon.json)}")
            }
            func add(_ p: ViewTrack.Point) {
                lat.append(Self.e5(p.latDeg)); lon.append(Self.e5(p.lonDeg)); count += 1
            }
            for p in seg.points {
                let b = bands.band(speedMps: p.speedMps)
                if let current = runBand, current != b {
                    add(p)  // the run ends on this point so the line stays continuous
                    flush()
                    lat = PlaybackDeltaColumn(); lon = PlaybackDeltaColumn(); count = 0
                }
                add(p)
                runBand = .some(b)
            }
            flush()
            segments.append("{\"n\":\(seg.number),\"runs\":[" + runs.joined(separator: ",") + "]}")
        }
        let colors = (bands.colors + [Self.unknownColor]).map(PlaybackData.string).joined(separator: ",")
        var text = "{\"colors\":[\(colors)],\"segments\":[" + segments.joined(separator: ",") + "]"
        if let first = track.segments.first?.points.first { text += ",\"start\":" + Self.place(first) }
        if let first = track.segments.first?.points.first, let last = track.segments.last?.points.last, track.drawnPointCount > 1 {
            text += ",\"finish\":" + Self.place(last)
            let apart = Haversine.distanceM(lat1: first.latDeg, lon1: first.lonDeg, lat2: last.latDeg, lon2: last.lonDeg)
            text += ",\"loop\":" + (apart < Self.loopM ? "true" : "false")
        }
        let stops = marks.stops.map { stop -> String in
            let d = stop.durationS ?? 0
            let label = d >= RideMarks.labelledStopS ? "stop \(SpokenDuration.text(seconds: d))" : ""
            return Self.mark(stop.at, label: label, title: "Stop (auto-pause), \(SpokenDuration.text(seconds: d))")
        }
        text += ",\"stops\":[" + stops.joined(separator: ",") + "]"
        let gaps = marks.gaps.enumerated().map { i, gap -> String in
            let how = gap.durationS.map { ", \(SpokenDuration.text(seconds: $0))" } ?? ""
            var s = Self.mark(gap.at, label: "gap: \(gap.cause)\(how)", title: "Gap \(i + 1): \(gap.cause)\(how) (the track stops)")
            if let resume = gap.resume { s.removeLast(); s += ",\"resume\":" + Self.place(resume) + "}" }
            return s
        }
        text += ",\"gaps\":[" + gaps.joined(separator: ",") + "]"
        let flagged = track.flagged.map { f in
            "[\(Self.degrees(f.latDeg)),\(Self.degrees(f.lonDeg)),\(PlaybackData.string("fix \(f.seq): " + f.flags.names.joined(separator: ", ")))]"
        }
        json = text + ",\"flagged\":[" + flagged.joined(separator: ",") + "]}"
    }

    static func e5(_ deg: Double) -> Int { Int((deg * 100_000).rounded()) }
    static func degrees(_ deg: Double) -> String { FixedPoint.format(deg, digits: 6) }
    static func place(_ p: ViewTrack.Point) -> String { "[\(degrees(p.latDeg)),\(degrees(p.lonDeg))]" }
    static func mark(_ p: ViewTrack.Point, label: String, title: String) -> String {
        "{\"at\":\(place(p)),\"label\":\(PlaybackData.string(label)),\"title\":\(PlaybackData.string(title))}"
    }
}
