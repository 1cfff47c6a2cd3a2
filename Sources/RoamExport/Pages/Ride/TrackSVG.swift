import RoamCore

/// The map: each segment a `<g class="segment">` of polylines coloured by speed band; gaps drawn
/// as nothing (P5) with a marker at each side and a label saying why and how long; stops
/// (auto-pause) marked where the rider stood; start and finish; flagged fixes in a layer that
/// the page shows only on demand. Marker and label sizes follow the CSS variable `--u` (SVG
/// units per screen pixel, set by the page's script) so they stay the same size on a phone.
struct TrackSVG {
    let track: ViewTrack
    let bands: SpeedBands
    let marks: RideMarks

    /// The map's projection: the drawn track's extent (the flagged fixes' when nothing is drawn).
    static func projection(_ track: ViewTrack, width: Double, maxHeight: Double) -> MapProjection {
        let all = track.segments.flatMap { $0.points.map { (lat: $0.latDeg, lon: $0.lonDeg) } }
        return MapProjection(points: all.isEmpty ? track.flagged.map { (lat: $0.latDeg, lon: $0.lonDeg) } : all,
                             width: width, maxHeight: maxHeight)
    }

    func render(width: Double = 960, maxHeight: Double = 640) -> String {
        let proj = Self.projection(track, width: width, maxHeight: maxHeight)
        let h = Int(proj.height.rounded(.up))
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(Int(proj.width)) \(h)\""
        s += " width=\"\(Int(proj.width))\" height=\"\(h)\" role=\"img\" aria-label=\"Track map\">\n"
        s += "<rect class=\"bg\" width=\"100%\" height=\"100%\"/>\n"
        for segment in track.segments { s += self.segment(segment, proj) }
        s += stopMarkers(proj) + gapMarkers(proj)
        if let first = track.segments.first?.points.first {
            s += marker("start", first, proj, title: "Start", label: "Start")
        }
        if let last = track.segments.last?.points.last, track.drawnPointCount > 1 {
            s += marker("finish", last, proj, title: "Finish", label: "Finish")
        }
        s += "<g class=\"flagged\">\n"
        for f in track.flagged {
            s += "<circle class=\"flag\" data-seq=\"\(f.seq)\" cx=\"\(Self.n(proj.x(f.lonDeg)))\" cy=\"\(Self.n(proj.y(f.latDeg)))\" r=\"2.5\">"
            s += "<title>fix \(f.seq): \(XMLText.escape(f.flags.names.joined(separator: ", ")))</title></circle>\n"
        }
        s += "</g>\n" + scaleBar(proj) + emptyNote(proj) + "</svg>\n"
        return s
    }

    /// One polyline per run of points in the same band; consecutive runs share their joining point.
    private func segment(_ seg: ViewTrack.Segment, _ proj: MapProjection) -> String {
        var s = "<g class=\"segment\" data-segment=\"\(seg.number)\" data-fixes=\"\(seg.fixCount)\" data-points=\"\(seg.points.count)\">\n"
        var run: [String] = []
        var runBand: Int?? = nil
        func flush() {
            guard run.count > 0, let b = runBand else { return }
            let color = b.map { bands.colors[$0] } ?? "#9a9a9a"
            let cls = b.map { "band band-\($0)" } ?? "band band-unknown"
            let pts = run.count == 1 ? run + run : run
            s += "<polyline class=\"\(cls)\" stroke=\"\(color)\" points=\"\(pts.joined(separator: " "))\"/>\n"
        }
        for p in seg.points {
            let b = bands.band(speedMps: p.speedMps)
            let xy = proj.point(lat: p.latDeg, lon: p.lonDeg)
            if let current = runBand, current != b {
                run.append(xy)  // close the run at this point so the line stays continuous
                flush()
                run = [xy]
            } else {
                run.append(xy)
            }
            runBand = .some(b)
        }
        flush()
        return s + "</g>\n"
    }

    private func gapMarkers(_ proj: MapProjection) -> String {
        var s = "<g class=\"gaps\">\n"
        for (i, gap) in marks.gaps.enumerated() {
            let how = gap.durationS.map { ", \(SpokenDuration.text(seconds: $0))" } ?? ""
            s += marker("gap gap-end", gap.at, proj, title: "Gap \(i + 1): \(gap.cause)\(how) (the track stops)", label: "gap: \(gap.cause)\(how)")
            if let resume = gap.resume {
                s += marker("gap gap-start", resume, proj, title: "Gap \(i + 1): \(gap.cause)\(how) (the track resumes)", label: nil)
            }
        }
        return s + "</g>\n"
    }

    private func stopMarkers(_ proj: MapProjection) -> String {
        var s = "<g class=\"stops\">\n"
        for stop in marks.stops {
            let d = stop.durationS ?? 0
            let label = d >= RideMarks.labelledStopS ? "stop \(SpokenDuration.text(seconds: d))" : nil
            s += marker("stop", stop.at, proj, title: "Stop (auto-pause), \(SpokenDuration.text(seconds: d))", label: label)
        }
        return s + "</g>\n"
    }

    private func marker(_ cls: String, _ p: ViewTrack.Point, _ proj: MapProjection, title: String, label: String?) -> String {
        let x = Self.n(proj.x(p.lonDeg)), y = Self.n(proj.y(p.latDeg))
        var s = "<circle class=\"\(cls)\" cx=\"\(x)\" cy=\"\(y)\"><title>\(XMLText.escape(title))</title></circle>\n"
        if let label {
            s += "<text class=\"label \(cls.split(separator: " ")[0])\" x=\"\(x)\" y=\"\(y)\">\(XMLText.escape(label))</text>\n"
        }
        return s
    }

    /// A bar of a round length about a sixth of the map's width, one in round metres or
    /// kilometres and one in round feet or miles (the page's style shows the one of the units
    /// chosen); none when fewer than two distinct points are drawn (a scale for one dot says
    /// nothing) and never longer than the map.
    private func scaleBar(_ proj: MapProjection) -> String {
        guard track.distinctPositions > 1 else { return "" }
        let metres: [Double] = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000]
        let feet: [Double] = [30, 50, 100, 200, 500, 1000, 2000]
        let miles: [Double] = [0.5, 1, 2, 5, 10, 20, 50, 100]
        let metric: [Step] = metres.map { m in Step(metres: m, label: m >= 1000 ? FixedPoint.format(m / 1000, digits: 0) + " km" : "\(Int(m)) m") }
        var imperial: [Step] = feet.map { ft in Step(metres: ft * UnitFormatter.metresPerFoot, label: "\(Int(ft)) ft") }
        imperial += miles.map { mi in Step(metres: mi * UnitFormatter.metresPerMile, label: FixedPoint.format(mi, digits: mi < 1 ? 1 : 0) + " mi") }
        return bar(proj, metric, .metric) + bar(proj, imperial, .imperial)
    }

    private struct Step { var metres: Double, label: String }

    private func bar(_ proj: MapProjection, _ steps: [Step], _ system: UnitSystem) -> String {
        let target = proj.metresPerPixel * proj.width / 6
        guard let step = steps.last(where: { $0.metres <= target }) else { return "" }
        let px = step.metres / proj.metresPerPixel
        guard px <= proj.width - 48 else { return "" }
        let y = proj.height - 14
        return "<g class=\"scale \(UnitMarkup.onlyClass(system))\"><line x1=\"20\" y1=\"\(Self.n(y))\" x2=\"\(Self.n(20 + px))\" y2=\"\(Self.n(y))\"/>"
            + "<text x=\"20\" y=\"\(Self.n(y - 6))\">\(step.label)</text></g>\n"
    }

    /// Says why the map is (nearly) empty instead of drawing nonsense.
    private func emptyNote(_ proj: MapProjection) -> String {
        let text: String
        if track.segments.isEmpty {
            text = track.flagged.isEmpty ? "No position recorded in this ride" : "Every position in this ride is flagged: no track to draw"
        } else if track.distinctPositions < 2 {
            text = "One position only: no track to draw"
        } else { return "" }
        return "<text class=\"empty\" x=\"\(Int(proj.width / 2))\" y=\"\(Int(proj.height / 2 - 30))\">\(text)</text>\n"
    }

    static func n(_ v: Double) -> String { FixedPoint.format(v, digits: 1) }
}
