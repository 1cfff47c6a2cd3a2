/// The map: each segment a `<g class="segment">` of polylines coloured by speed band; gaps drawn
/// as nothing (P5) with a marker at each side; start and finish; flagged fixes in a layer that
/// the page shows only on demand.
struct TrackSVG {
    let track: ViewTrack
    let bands: SpeedBands
    /// The cause of each gap in order (from the ride's gap events), for the markers' tooltips.
    let gapCauses: [String]

    /// The map's projection: the drawn track's extent (the flagged fixes' when nothing is drawn).
    static func projection(_ track: ViewTrack, width: Double, maxHeight: Double) -> MapProjection {
        let all = track.segments.flatMap { $0.points.map { (lat: $0.latDeg, lon: $0.lonDeg) } }
        return MapProjection(points: all.isEmpty ? track.flagged.map { (lat: $0.latDeg, lon: $0.lonDeg) } : all,
                             width: width, maxHeight: maxHeight)
    }

    func render(width: Double = 960, maxHeight: Double = 640) -> String {
        let proj = Self.projection(track, width: width, maxHeight: maxHeight)
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(Int(proj.width)) \(Int(proj.height.rounded(.up)))\""
        s += " width=\"\(Int(proj.width))\" height=\"\(Int(proj.height.rounded(.up)))\" role=\"img\" aria-label=\"Track map\">\n"
        s += "<rect class=\"bg\" width=\"100%\" height=\"100%\"/>\n"
        for segment in track.segments { s += self.segment(segment, proj) }
        s += gapMarkers(proj)
        if let first = track.segments.first?.points.first {
            s += marker("start", first, proj, radius: 6, title: "Start")
        }
        if let last = track.segments.last?.points.last {
            s += marker("finish", last, proj, radius: 6, title: "Finish")
        }
        s += "<g class=\"flagged\">\n"
        for f in track.flagged {
            s += "<circle class=\"flag\" data-seq=\"\(f.seq)\" cx=\"\(FixedPoint.format(proj.x(f.lonDeg), digits: 1))\" cy=\"\(FixedPoint.format(proj.y(f.latDeg), digits: 1))\" r=\"2.5\">"
            s += "<title>fix \(f.seq): \(XMLText.escape(f.flags.names.joined(separator: ", ")))</title></circle>\n"
        }
        s += "</g>\n" + scaleBar(proj) + "</svg>\n"
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
        for (i, pair) in zip(track.segments, track.segments.dropFirst()).enumerated() {
            guard let end = pair.0.points.last, let start = pair.1.points.first else { continue }
            let cause = i < gapCauses.count ? gapCauses[i] : "gap"
            s += marker("gap gap-end", end, proj, radius: 5, title: "Gap: \(cause) (segment \(pair.0.number) ends)")
            s += marker("gap gap-start", start, proj, radius: 5, title: "Gap: \(cause) (segment \(pair.1.number) starts)")
        }
        return s + "</g>\n"
    }

    private func marker(_ cls: String, _ p: ViewTrack.Point, _ proj: MapProjection, radius: Int, title: String) -> String {
        "<circle class=\"\(cls)\" cx=\"\(FixedPoint.format(proj.x(p.lonDeg), digits: 1))\" cy=\"\(FixedPoint.format(proj.y(p.latDeg), digits: 1))\" r=\"\(radius)\"><title>\(XMLText.escape(title))</title></circle>\n"
    }

    /// A bar of a round length near 120 px.
    private func scaleBar(_ proj: MapProjection) -> String {
        let target = proj.metresPerPixel * 120
        let steps: [Double] = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000]
        let metres = steps.last { $0 <= target } ?? steps[0]
        let px = metres / proj.metresPerPixel
        let label = metres >= 1000 ? "\(FixedPoint.format(metres / 1000, digits: 0)) km" : "\(Int(metres)) m"
        let y = proj.height - 10
        return "<g class=\"scale\"><line x1=\"16\" y1=\"\(FixedPoint.format(y, digits: 1))\" x2=\"\(FixedPoint.format(16 + px, digits: 1))\" y2=\"\(FixedPoint.format(y, digits: 1))\"/>"
            + "<text x=\"16\" y=\"\(FixedPoint.format(y - 5, digits: 1))\">\(label)</text></g>\n"
    }
}
