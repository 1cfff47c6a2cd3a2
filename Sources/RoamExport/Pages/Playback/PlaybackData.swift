import RoamCore

/// What the page's playback plays, built from the same `ViewTrack` points the map draws (so the
/// marker lands on the drawn line) and written as compact JSON. Each segment is a set of columns
/// of integers, each entry the difference from the previous non-null one: neighbouring fixes
/// differ little, so most entries take two or three characters.
///
/// Units: time in `tick` ms since `t0` (UTC ms), the tick being the largest divisor of 1000 that
/// divides every time (1000 for a 1 Hz ride, 100 at 10 Hz); x and y in tenths of a map pixel (the
/// precision the SVG is written with); latitude `a` and longitude `o` in 1e-5 degrees (the Leaflet map's marker); speed in 0.1 km/h; barometric elevation in cm; the ride's
/// running distance in dm; the barometer's temperature in 0.1 °C (column `c`, left out when none). `zone` names the board's time
/// zone (null: the computer's). `gaps[i]` lies between segments i and i+1; `pauses` is a flat list of
/// from, to pairs in ticks. Strings are escaped so the JSON holds no `<`, `>` or `&`, which keeps
/// the page well-formed XML without a CDATA section (JSON cannot hold the comment that hides one).
struct PlaybackData {
    let json: String
    /// The playback's length in seconds.
    let endS: Double
    /// The playback's clock origin (UTC ms): ride time 0 on the page's time charts too.
    let t0: Int64

    /// Nil when no drawn point has a GNSS time: there is nothing to play. `gapSpans`: when each gap
    /// began and ended (`RideReader.gapSpans`), as the page's gap list, `show` and the FIT timer say;
    /// a gap without one is timed by its drawn ends.
    init?(track: ViewTrack, pauses: [PlaybackPauses.Interval], gapCauses: [String], gapSpans: [GapSpan] = [],
          startUTCms: Int64?, geometry: PlaybackGeometry, zoneName: String? = nil) {
        // Points the playback can place in time, per drawn segment; the segment's index is kept so a
        // gap between two kept segments gets the causes of every gap the map shows between them.
        let timed = track.segments.enumerated().compactMap { i, seg -> (Int, ViewTrack.Segment)? in
            var kept = seg
            kept.points = seg.points.filter { $0.utcMs != nil }
            return kept.points.isEmpty ? nil : (i, kept)
        }
        guard let first = timed.first?.1.points.first?.utcMs else { return nil }
        let t0 = min(startUTCms ?? first, first)
        self.t0 = t0
        var tickMs: Int64 = 1000
        for (_, seg) in timed { for p in seg.points { tickMs = Self.gcd(tickMs, p.utcMs! - t0) } }
        for p in pauses { tickMs = Self.gcd(tickMs, Self.gcd(p.fromUTCms - t0, p.toUTCms - t0)) }
        // A gap's span is matched as `RideMarks` matches it: by the first fix after it.
        let spans = timed.dropFirst().map { _, seg in gapSpans.first { $0.toUTCms != nil && $0.toUTCms == seg.points.first!.utcMs } }
        for case let s? in spans { if let from = s.fromUTCms, from >= t0 { tickMs = Self.gcd(tickMs, from - t0) } }
        func ticks(_ utcMs: Int64) -> Int { Int((utcMs - t0 + tickMs / 2) / tickMs) }

        var lastTick = 0
        var segments: [String] = []
        for (_, seg) in timed {
            var t = PlaybackDeltaColumn(), x = PlaybackDeltaColumn(), y = PlaybackDeltaColumn()
            var a = PlaybackDeltaColumn(), o = PlaybackDeltaColumn()
            var v = PlaybackDeltaColumn(), e = PlaybackDeltaColumn(), d = PlaybackDeltaColumn(), c = PlaybackDeltaColumn()
            for p in seg.points {
                lastTick = max(lastTick, ticks(p.utcMs!))  // never backwards: the playback's clock is monotone
                t.append(lastTick)
                x.append(Self.scaled(geometry.map.x(p.lonDeg), by: 10))
                y.append(Self.scaled(geometry.map.y(p.latDeg), by: 10))
                a.append(RideMapData.e5(p.latDeg)); o.append(RideMapData.e5(p.lonDeg))
                v.append(p.speedMps.map { Self.scaled($0 * 3.6, by: 10) })
                e.append(p.altitudeM.map { Self.scaled($0, by: 100) })
                d.append(Self.scaled(p.distanceM, by: 10))
                c.append(p.temperatureC.map { Self.scaled($0, by: 10) })
            }
            segments.append("{\"n\":\(seg.number),\"t\":\(t.json),\"x\":\(x.json),\"y\":\(y.json),\"a\":\(a.json),\"o\":\(o.json),\"v\":\(v.json),\"e\":\(e.json),\"d\":\(d.json)\(c.isAllNull ? "" : ",\"c\":" + c.json)}")
        }

        var gaps: [String] = []
        for (i, (a, b)) in zip(timed, timed.dropFirst()).enumerated() {
            let causes = (a.0..<b.0).map { $0 < gapCauses.count ? gapCauses[$0] : "gap" }
            // From the last usable fix before the gap, which the distance gate may have kept off the track.
            let drawnFrom = a.1.points.last!.utcMs!
            let from = ticks(max(spans[i]?.fromUTCms ?? drawnFrom, drawnFrom)), to = ticks(b.1.points.first!.utcMs!)
            gaps.append("{\"from\":\(from),\"to\":\(to),\"cause\":\(Self.string(causes.joined(separator: ", ")))}")
        }

        var pauseTicks: [String] = []
        var end = lastTick
        for p in pauses where p.toUTCms >= t0 {
            let from = ticks(max(p.fromUTCms, t0)), to = ticks(p.toUTCms)
            pauseTicks.append("\(from),\(to)")
            end = max(end, to)
        }

        endS = Double(end) * Double(tickMs) / 1000
        let zone = zoneName.map(Self.string) ?? "null"
        var text = "{\"v\":1,\"zone\":\(zone),\"t0\":\(t0),\"tick\":\(tickMs),\"end\":\(end),\"segments\":["
        text += segments.joined(separator: ",")
        text += "],\"gaps\":["
        text += gaps.joined(separator: ",")
        text += "],\"pauses\":["
        text += pauseTicks.joined(separator: ",")
        text += "],\"profile\":"
        text += geometry.profileJSON
        text += "}"
        json = text
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (abs(a), abs(b))
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    /// Rounded as `FixedPoint` rounds (half away from zero), so x and y equal the SVG's text.
    static func scaled(_ v: Double, by factor: Double) -> Int { Int((v * factor).rounded()) }

    /// A JSON string with `<`, `>` and `&` written as \u escapes.
    static func string(_ s: String) -> String {
        var out = ""
        for c in JSONText.string(s).unicodeScalars {
            switch c {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

/// A JSON array of integers written as differences from the previous non-null entry.
struct PlaybackDeltaColumn {
    private var text = ""
    private var last = 0
    /// No value at all: the column is left out (a ride without a thermometer pays nothing).
    private(set) var isAllNull = true

    mutating func append(_ value: Int?) {
        if !text.isEmpty { text += "," }
        guard let value else { text += "null"; return }
        text += String(value - last)
        last = value
        isAllNull = false
    }

    var json: String { "[" + text + "]" }
}
