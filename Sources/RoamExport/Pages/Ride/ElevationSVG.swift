import RoamCore

/// The barometric elevation profile (P6) against distance, the area under it coloured by the
/// gradient of each stretch of about 100 m (330 ft) so the climbs read at a glance. One polyline group
/// per segment, so the line breaks at every gap; fixes without a barometric altitude break it
/// too: nothing is invented.
struct ElevationSVG {
    let track: ViewTrack
    let spans: [ChartSVG.Span]
    var markup = UnitMarkup()

    /// Gradient classes in percent, gentlest first, with their fill (light to dark, so the order
    /// survives any colour vision); descents get one cool colour.
    static let gradeLimits = [2.0, 4, 6, 9]
    static let gradeColors = ["#e3e1d8", "#fdd49e", "#fc8d59", "#d7301f", "#7f0000"]
    static let descentColor = "#c6dbef"

    static func scale(_ track: ViewTrack) -> ProfileScale? {
        ProfileScale(points: track.segments.flatMap(\.points), width: ChartSVG.width, height: ChartSVG.height)
    }

    /// The figure, or a note when the ride has no barometric altitude.
    func render(caption: String) -> String {
        guard let scale = Self.scale(track) else {
            return "<figure class=\"chart by-distance empty\" id=\"chart-elevation-distance\"><figcaption><span class=\"title\">Elevation</span></figcaption>"
                + "<p class=\"empty\">No barometric altitude in this ride</p></figure>\n"
        }
        let runs = track.segments.map { ChartSVG.Run(segment: $0.number, points: $0.points.map { ($0.distanceM, $0.altitudeM) }) }
        let (fill, steepest) = gradeFill(scale)
        let steep = steepest.map {
            " · steepest \(PageText.number($0, digits: 0)) % over " + UnitMarkup.only(.metric, "100 m") + UnitMarkup.only(.imperial, "330 ft")
        } ?? ""
        return ChartSVG(id: "elevation-distance", title: "Elevation", unit: "m", axis: .distance, scale: scale, runs: runs,
                        spans: spans, svgClass: "chart profile", groupClass: "elevation-segment", underlay: fill,
                        caption: caption + steep + Self.gradeLegend, yKind: .length, markup: markup).render()
    }

    static func gradeClass(_ percent: Double) -> Int { gradeLimits.firstIndex { percent < $0 } ?? gradeLimits.count }

    /// The shortest stretch: 330 ft (1/16 mi, 100.584 m), so one steepest grade is true said over
    /// 100 m and over 330 ft, round in either system.
    static let shortestStretchM = 330 * UnitFormatter.metresPerFoot

    /// One polygon per stretch of at least 330 ft (longer on long rides) under the line.
    private func gradeFill(_ s: ProfileScale) -> (String, Double?) {
        let stretchM = max(Self.shortestStretchM, s.maxDistM / 200)
        let bottom = FixedPoint.format(s.top + s.plotH, digits: 1)
        var out = "<g class=\"grade\">", steepest: Double?
        for seg in track.segments {
            var run: [ViewTrack.Point] = []
            func flush() {
                defer { run = run.last.map { [$0] } ?? [] }
                guard let a = run.first, let b = run.last, b.distanceM - a.distanceM > 0, let ea = a.altitudeM, let eb = b.altitudeM else { return }
                let grade = (eb - ea) / (b.distanceM - a.distanceM) * 100
                if b.distanceM - a.distanceM >= Self.shortestStretchM { steepest = max(steepest ?? grade, grade) }
                let color = grade <= -2 ? Self.descentColor : Self.gradeColors[Self.gradeClass(grade)]
                var pts = run.map { "\(ChartSVG.n(s.x(distanceM: $0.distanceM))),\(ChartSVG.n(s.y(altitudeM: $0.altitudeM!)))" }
                pts += ["\(ChartSVG.n(s.x(distanceM: b.distanceM))),\(bottom)", "\(ChartSVG.n(s.x(distanceM: a.distanceM))),\(bottom)"]
                out += "<polygon fill=\"\(color)\" stroke=\"\(color)\" points=\"\(pts.joined(separator: " "))\"><title>\(PageText.number(grade, digits: 1)) %</title></polygon>"
            }
            for p in seg.points {
                guard p.altitudeM != nil else { flush(); run = []; continue }
                run.append(p)
                if let first = run.first, p.distanceM - first.distanceM >= stretchM { flush() }
            }
            flush()
        }
        return (out + "</g>\n", steepest)
    }

    static var gradeLegend: String {
        var s = "<span class=\"gradekey\">"
        s += "<span class=\"g\"><i style=\"background:\(descentColor)\"></i>down</span> "
        let names = ["< 2 %", "2–4 %", "4–6 %", "6–9 %", "≥ 9 %"]
        for (c, n) in zip(gradeColors, names) { s += "<span class=\"g\"><i style=\"background:\(c)\"></i>\(XMLText.escape(n))</span> " }
        return s + "</span>"
    }
}
