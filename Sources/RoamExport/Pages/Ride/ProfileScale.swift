/// A chart's axes: a quantity across (distance in metres, or ride time in seconds, from 0 to
/// `maxDistM`) and a value up (from `low` to `high`, round numbers `step` apart), inside fixed
/// margins. `ElevationSVG` and `ChartSVG` draw with it and the playback's cursor moves with it,
/// so both agree. The charts stretch to the page's width, so the margins stay thin and the
/// labels are HTML laid over the plot.
struct ProfileScale: Equatable {
    static let margin = (left: 0.0, right: 0.0, top: 10.0, bottom: 2.0)

    var left: Double, plotW: Double, maxDistM: Double
    var top: Double, plotH: Double, low: Double, high: Double
    var step: Double
    let width: Double, height: Double

    /// The elevation profile against distance; nil when no point has a barometric altitude.
    init?(points: [ViewTrack.Point], width: Double, height: Double) {
        self.init(xMax: points.map(\.distanceM).max() ?? 0, values: points.compactMap(\.altitudeM),
                  minSpan: 20, width: width, height: height)
    }

    /// Nil when there are no values. `minSpan` keeps a flat ride from being drawn as a wall of
    /// noise; `fromZero` starts the axis at 0 (speed).
    init?(xMax: Double, values: [Double], minSpan: Double, fromZero: Bool = false, width: Double, height: Double) {
        guard var a = values.min(), var b = values.max(), a.isFinite, b.isFinite else { return nil }
        if fromZero { a = min(a, 0) }
        if b - a < minSpan {
            let mid = fromZero ? a + minSpan / 2 : (a + b) / 2
            a = mid - minSpan / 2; b = mid + minSpan / 2
        }
        step = NiceTicks.step(span: b - a, count: 4)
        low = (a / step).rounded(.down) * step
        high = max((b / step).rounded(.up) * step, low + step)
        left = Self.margin.left
        top = Self.margin.top
        plotW = width - Self.margin.left - Self.margin.right
        plotH = height - Self.margin.top - Self.margin.bottom
        maxDistM = max(xMax, 1)
        self.width = width; self.height = height
    }

    func x(distanceM d: Double) -> Double { left + d / maxDistM * plotW }
    func y(altitudeM a: Double) -> Double { top + (high - a) / (high - low) * plotH }

    var yTicks: [Double] { NiceTicks.values(low: low, high: high, step: step) }

    /// Percent of the chart's box, for HTML labels laid over the stretched SVG.
    func percentX(_ x: Double) -> String { PageText.number(x / width * 100, digits: 2) + "%" }
    func percentY(_ y: Double) -> String { PageText.number(y / height * 100, digits: 2) + "%" }
}
