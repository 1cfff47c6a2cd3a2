import RoamCore

/// The page's charts: elevation, speed and temperature, each against distance and against ride
/// time (a toggle shows one set). Long rides are thinned to about `maxPoints` per chart, more
/// than a screen has pixels across, keeping every segment's ends.
struct RideCharts {
    let track: ViewTrack
    let marks: RideMarks
    /// The playback's clock origin (UTC ms) and length: the time charts' x axis is its ride time.
    let t0: Int64?
    let endS: Double
    var maxPoints = 1_500
    var markup = UnitMarkup()
    /// Where the temperature came from when this board did not measure it (`UnmeasuredFigures`),
    /// said in both temperature charts' captions.
    var temperatureSource: String? = nil

    func render(elevationCaption: String) -> String {
        var s = "<div class=\"charts\">\n"
        // One position has no distance and no profile (the page's notice says so): no chart draws a dot.
        if track.distinctPositions == 1 {
            for (id, title, axis) in Self.figures { s += Self.empty(id, title, axis, "One position only: no profile to draw") }
            return s + "</div>\n"
        }
        s += ElevationSVG(track: track, spans: spans(.distance), markup: markup).render(caption: elevationCaption)
        s += chart("elevation-time", "Elevation", "m", .time, minSpan: 20, kind: .length) { $0.altitudeM }
        // Scaled and captioned by every fix's speed, not only the thinned chart's: the ride's maximum.
        let speeds = track.speedRange.map { $0.lowerBound * 3.6...$0.upperBound * 3.6 }
        s += chart("speed-distance", "Speed", "km/h", .distance, minSpan: 10, fromZero: true, kind: .speed, range: speeds) { $0.speedMps.map { $0 * 3.6 } }
        s += chart("speed-time", "Speed", "km/h", .time, minSpan: 10, fromZero: true, kind: .speed, range: speeds) { $0.speedMps.map { $0 * 3.6 } }
        s += chart("temperature-distance", "Temperature", "°C", .distance, minSpan: 4, source: temperatureSource) { $0.temperatureC }
        s += chart("temperature-time", "Temperature", "°C", .time, minSpan: 4, source: temperatureSource) { $0.temperatureC }
        return s + "</div>\n"
    }

    private func x(_ p: ViewTrack.Point, _ axis: ChartSVG.Axis) -> Double? {
        switch axis {
        case .distance: return p.distanceM
        case .time:
            guard let t = p.utcMs, let t0 else { return nil }
            return Double(t - t0) / 1000
        }
    }

    private func chart(_ id: String, _ title: String, _ unit: String, _ axis: ChartSVG.Axis, minSpan: Double,
                       fromZero: Bool = false, kind: UnitMarkup.Kind? = nil, range: ClosedRange<Double>? = nil, source: String? = nil,
                       _ value: (ViewTrack.Point) -> Double?) -> String {
        let stride = self.stride  // once: it counts every drawn point
        let breakS = 30.0 * Double(stride)
        var runs: [ChartSVG.Run] = []
        var values: [Double] = []
        for seg in track.segments {
            var pts: [(x: Double, y: Double?)] = []
            for (i, p) in seg.points.enumerated() where i % stride == 0 || i == seg.points.count - 1 {
                guard let px = x(p, axis) else { continue }
                // Against time, a stretch without drawn fixes (a stop: paused fixes are not drawn)
                // breaks the line rather than drawing a slope across it.
                if axis == .time, let last = pts.last, px - last.x > breakS { pts.append((last.x, nil)) }
                let v = value(p)
                if let v { values.append(v) }
                pts.append((px, v))
            }
            runs.append(ChartSVG.Run(segment: seg.number, points: pts))
        }
        if let range, !values.isEmpty { values += [range.lowerBound, range.upperBound] }
        let xMax = axis == .time ? endS : (track.segments.last?.points.last?.distanceM ?? 0)
        guard let scale = ProfileScale(xMax: xMax, values: values, minSpan: minSpan, fromZero: fromZero,
                                       width: ChartSVG.width, height: ChartSVG.height) else {
            return Self.empty(id, title, axis, "No \(title.lowercased()) recorded in this ride")
        }
        var caption = values.isEmpty ? "" : "min \(PageText.number(values.min()!, digits: 0)) · max \(PageText.number(values.max()!, digits: 0)) \(unit)"
        if let kind, let low = values.min(), let high = values.max() {
            // Values are km/h or m; the spans carry SI (m/s, m) for the units switch.
            let si = { (v: Double) in kind == .speed ? v / 3.6 : v }
            caption = "min " + markup.span(si(low), kind, digits: 0, bare: true) + " · max " + markup.span(si(high), kind, digits: 0)
        }
        if let source { caption += " · " + XMLText.escape(source) }
        return ChartSVG(id: id, title: title, unit: unit, axis: axis, scale: scale, runs: runs, spans: spans(axis),
                        caption: caption, digits: NiceTicks.digits(for: scale.step), yKind: kind, markup: markup).render()
    }

    /// The page's charts, in order: the elevation profile and each figure against distance and time.
    static let figures: [(id: String, title: String, axis: ChartSVG.Axis)] = [
        ("elevation-distance", "Elevation", .distance), ("elevation-time", "Elevation", .time),
        ("speed-distance", "Speed", .distance), ("speed-time", "Speed", .time),
        ("temperature-distance", "Temperature", .distance), ("temperature-time", "Temperature", .time),
    ]

    /// A chart with nothing to draw, saying why in its place (no data-axis: the replay gives it no cursor).
    static func empty(_ id: String, _ title: String, _ axis: ChartSVG.Axis, _ why: String) -> String {
        "<figure class=\"chart by-\(axis.rawValue) empty\" id=\"chart-\(id)\"><figcaption><span class=\"title\">\(title)</span></figcaption>"
            + "<p class=\"empty\">\(why)</p></figure>\n"
    }

    /// Every how many of the map's points a chart but the elevation profile keeps (1: all of them).
    var stride: Int { max(1, track.drawnPointCount / max(1, maxPoints)) }

    /// Stops and gaps on the x axis: stretches of time, or points of distance.
    func spans(_ axis: ChartSVG.Axis) -> [ChartSVG.Span] {
        marks.marks.compactMap { m in
            let what = m.kind == .stop ? "Stop" : "Gap: \(m.cause)"
            let title = "\(what)" + (m.durationS.map { ", \(SpokenDuration.text(seconds: $0))" } ?? "")
            switch axis {
            case .distance:
                return ChartSVG.Span(from: m.at.distanceM, to: m.at.distanceM, kind: m.kind, title: title)
            case .time:
                guard let a = m.fromUTCms, let b = m.toUTCms, let t0 else { return nil }
                return ChartSVG.Span(from: Double(a - t0) / 1000, to: Double(b - t0) / 1000, kind: m.kind, title: title)
            }
        }
    }
}
