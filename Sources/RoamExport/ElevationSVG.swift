/// The barometric elevation profile (P6) against the ride's distance: one polyline per segment,
/// so the line breaks at every gap, which is also marked with a dashed vertical line.
struct ElevationSVG {
    let track: ViewTrack

    func render(width: Double = 960, height: Double = 220) -> String {
        let margin = ProfileScale.margin
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"profile\" viewBox=\"0 0 \(Int(width)) \(Int(height))\""
        s += " width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" aria-label=\"Elevation profile\">\n"
        guard let scale = ProfileScale(points: track.segments.flatMap(\.points), width: width, height: height) else {
            return s + "<text class=\"empty\" x=\"\(Int(width / 2))\" y=\"\(Int(height / 2))\">No barometric altitude in this ride</text></svg>\n"
        }
        let low = scale.low, high = scale.high, maxDist = scale.maxDistM
        func x(_ d: Double) -> String { FixedPoint.format(scale.x(distanceM: d), digits: 1) }
        func y(_ a: Double) -> String { FixedPoint.format(scale.y(altitudeM: a), digits: 1) }

        s += "<g class=\"axes\">"
        for a in [low + (high - low) * 0.1, (low + high) / 2, high - (high - low) * 0.1] {
            s += "<line class=\"grid\" x1=\"\(Int(margin.left))\" x2=\"\(Int(width - margin.right))\" y1=\"\(y(a))\" y2=\"\(y(a))\"/>"
            s += "<text class=\"ylabel\" x=\"\(Int(margin.left - 6))\" y=\"\(y(a))\">\(FixedPoint.format(a, digits: 0)) m</text>"
        }
        for i in 0...4 {
            let d = maxDist * Double(i) / 4
            s += "<text class=\"xlabel\(i == 4 ? " last" : "")\" x=\"\(x(d))\" y=\"\(Int(height - 8))\">\(FixedPoint.format(d / 1000, digits: 1)) km</text>"
        }
        s += "</g>\n"
        for (i, seg) in track.segments.enumerated() {
            if i > 0, let d = seg.points.first?.distanceM {
                s += "<line class=\"gap\" x1=\"\(x(d))\" x2=\"\(x(d))\" y1=\"\(Int(margin.top))\" y2=\"\(Int(height - margin.bottom))\"><title>Gap before segment \(seg.number)</title></line>\n"
            }
            // Fixes without a barometric altitude break the line too: nothing is invented (P6).
            var run: [String] = []
            var runs: [[String]] = []
            for p in seg.points {
                if let a = p.altitudeM { run.append(x(p.distanceM) + "," + y(a)) } else if !run.isEmpty { runs.append(run); run = [] }
            }
            if !run.isEmpty { runs.append(run) }
            s += "<g class=\"elevation-segment\" data-segment=\"\(seg.number)\">"
            for r in runs { s += "<polyline points=\"\((r.count == 1 ? r + r : r).joined(separator: " "))\"/>" }
            s += "</g>\n"
        }
        return s + "</svg>\n"
    }
}
