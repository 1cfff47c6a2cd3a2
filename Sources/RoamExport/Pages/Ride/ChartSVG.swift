import RoamCore

/// One chart of the ride: a quantity against distance or against ride time, one polyline group
/// per drawn segment so the line breaks at every gap (P5), gaps and stops shaded or marked. The
/// SVG stretches to the page's width (`preserveAspectRatio="none"`, strokes that do not scale);
/// its labels are HTML laid over it in percent, so they stay readable on a phone. The figure's
/// data attributes carry its scale, which the page's script uses to turn a pointer into a time.
struct ChartSVG {
    enum Axis: String { case distance, time }

    struct Run {
        var segment: Int
        /// x in metres or seconds; y nil where the quantity is missing (the line breaks there too).
        var points: [(x: Double, y: Double?)]
    }

    /// A stretch of the x axis to shade (time charts: stops and gaps) or a line to mark (distance
    /// charts: a gap, where the distance does not grow).
    struct Span {
        var from: Double, to: Double
        var kind: RideMarks.Kind
        var title: String
    }

    static let width = 960.0, height = 200.0

    let id: String
    let title: String
    let unit: String
    let axis: Axis
    let scale: ProfileScale
    let runs: [Run]
    let spans: [Span]
    var svgClass = "chart"
    var groupClass = "series-segment"
    var underlay = ""
    var caption = ""
    var digits = 0
    /// What the y values are (shown in the rider's units and rewritten on a switch); nil: °C.
    var yKind: UnitMarkup.Kind? = nil
    var markup = UnitMarkup()

    func render() -> String {
        let s = scale
        var out = "<figure class=\"chart by-\(axis.rawValue)\" id=\"chart-\(id)\" data-axis=\"\(axis.rawValue)\""
        out += " data-left=\"\(Self.n(s.left))\" data-plotw=\"\(Self.n(s.plotW))\" data-xmax=\"\(Self.n(s.maxDistM))\" data-width=\"\(Self.n(s.width))\">\n"
        out += "<figcaption><span class=\"title\">\(XMLText.escape(title))</span> <small>\(caption)</small></figcaption>\n<div class=\"plot\">"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(svgClass)\" viewBox=\"0 0 \(Int(s.width)) \(Int(s.height))\""
        out += " preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(XMLText.escape(title)) against \(axis.rawValue)\">\n"
        let sets = tickSets
        for (system, t) in sets {
            out += "<g class=\"grid\(Self.only(system))\">"
            for v in t.y { out += "<line x1=\"0\" x2=\"\(Int(s.width))\" y1=\"\(Self.n(s.y(altitudeM: v)))\" y2=\"\(Self.n(s.y(altitudeM: v)))\"/>" }
            for v in t.x { out += "<line class=\"v\" x1=\"\(Self.n(s.x(distanceM: v)))\" x2=\"\(Self.n(s.x(distanceM: v)))\" y1=\"0\" y2=\"\(Int(s.height))\"/>" }
            out += "</g>\n"
        }
        out += underlay
        for span in spans { out += self.span(span) }
        for run in runs { out += group(run) }
        out += "</svg>"
        for (system, t) in sets {
            for v in t.yLabels {
                let style = " class=\"ytick\(Self.only(system))\" style=\"top:\(s.percentY(s.y(altitudeM: v)))\""
                // The chart's values are metric (km/h, m); the span carries SI for the switch.
                if let kind = yKind {
                    out += markup.span(kind == .speed ? v / 3.6 : v, kind, digits: t.yDigits, attributes: style)
                } else {
                    out += "<span\(style)>\(PageText.number(v, digits: t.yDigits)) \(unit)</span>"
                }
            }
        }
        out += "</div>\n<div class=\"xticks\">"
        for (system, t) in sets {
            for v in t.x {
                let cls = (v == 0 ? "xtick first" : "xtick") + Self.only(system)
                let style = " class=\"\(cls)\" style=\"left:\(s.percentX(s.x(distanceM: v)))\""
                if axis == .time {
                    out += "<span\(style)>\(PageText.clockAxis(v))</span>"
                } else {
                    out += markup.span(v, .distance, digits: t.xDigits, attributes: style)
                }
            }
        }
        return out + "</div>\n</figure>\n"
    }

    /// The points of one segment as polylines, broken where the value is missing.
    private func group(_ run: Run) -> String {
        var lines: [[String]] = [], line: [String] = []
        for p in run.points {
            if let y = p.y { line.append("\(Self.n(scale.x(distanceM: p.x))),\(Self.n(scale.y(altitudeM: y)))") } else if !line.isEmpty {
                lines.append(line); line = []
            }
        }
        if !line.isEmpty { lines.append(line) }
        var out = "<g class=\"\(groupClass)\" data-segment=\"\(run.segment)\">"
        for l in lines { out += "<polyline points=\"\((l.count == 1 ? l + l : l).joined(separator: " "))\"/>" }
        return out + "</g>\n"
    }

    private func span(_ span: Span) -> String {
        let x0 = scale.x(distanceM: span.from), x1 = scale.x(distanceM: span.to)
        let title = "<title>\(XMLText.escape(span.title))</title>"
        if x1 - x0 < 1.5 {
            return "<line class=\"mark \(span.kind.rawValue)\" x1=\"\(Self.n(x0))\" x2=\"\(Self.n(x0))\" y1=\"0\" y2=\"\(Int(scale.height))\">\(title)</line>\n"
        }
        return "<rect class=\"mark \(span.kind.rawValue)\" x=\"\(Self.n(x0))\" y=\"0\" width=\"\(Self.n(x1 - x0))\" height=\"\(Int(scale.height))\">\(title)</rect>\n"
    }

    /// One system's ticks: grid lines and labels up (chart units), and across (metres or seconds).
    private struct TickSet {
        var y: [Double], yLabels: [Double], yDigits: Int
        var x: [Double], xDigits: Int
    }

    /// The metric ticks alone when nothing on the chart changes with the units (°C against time);
    /// else the metric and the imperial set, each marked with its system for the page's style.
    private var tickSets: [(UnitSystem?, TickSet)] {
        let s = scale
        let xStep = axis == .time ? NiceTicks.timeStep(spanS: s.maxDistM, count: 6) : NiceTicks.step(span: s.maxDistM / 1000, count: 6) * 1000
        let metric = TickSet(y: s.yTicks, yLabels: Array(s.yTicks.dropFirst().dropLast()), yDigits: digits,
                             x: NiceTicks.values(low: 0, high: s.maxDistM, step: xStep),
                             xDigits: NiceTicks.digits(for: NiceTicks.step(span: s.maxDistM / 1000, count: 6)))
        guard axis == .distance || yKind != nil else { return [(nil, metric)] }
        var imperial = metric
        if let kind = yKind {
            let up = UnitTicks(low: s.low, high: s.high, perUnit: UnitTicks.imperialPerUnit(kind), count: 4)
            // Labels clear of the plot's edges, where the metric set leaves its first and last out.
            let margin = (s.high - s.low) * 0.08
            imperial.y = up.values
            imperial.yLabels = up.values.filter { $0 > s.low + margin && $0 < s.high - margin }
            imperial.yDigits = up.digits
        }
        if axis == .distance {
            let across = UnitTicks(low: 0, high: s.maxDistM, perUnit: UnitFormatter.metresPerMile, count: 6)
            imperial.x = across.values
            imperial.xDigits = across.digits
        }
        return [(.metric, metric), (.imperial, imperial)]
    }

    /// " units-metric" on markup of one system only; nothing on markup both share.
    private static func only(_ system: UnitSystem?) -> String { system.map { " " + UnitMarkup.onlyClass($0) } ?? "" }

    static func n(_ v: Double) -> String { FixedPoint.format(v, digits: 1) }
}
