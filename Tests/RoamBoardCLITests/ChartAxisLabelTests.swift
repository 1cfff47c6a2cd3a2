import Foundation
import RoamTestSupport
import Testing

/// The charts' x-axis labels never overlap, whatever the window's width: a chart half a 1280 px
/// page wide once drew "0.0 km" into "2.5 km". Measured in real Chromium, in both units and
/// against both distance and time, from a phone's 320 px to a 2560 px screen.
@Suite(.serialized, .needs(PageJudge.isAvailable, PageJudge.skipReason))
struct ChartAxisLabelTests {
    /// Each shown axis as its shown labels' texts and boxes, in the page's order.
    static let shownLabels = """
        (function () {
          return Array.prototype.map.call(document.querySelectorAll("figure.chart .xticks"), function (axis) {
            var shown = Array.prototype.filter.call(axis.querySelectorAll(".xtick"), function (l) {
              return l.getClientRects().length > 0 && getComputedStyle(l).visibility !== "hidden"; });
            return { chart: axis.parentNode.id, labels: shown.map(function (l) {
              var r = l.getBoundingClientRect(); return { text: l.textContent, left: r.left, right: r.right }; }) };
          }).filter(function (a) { return a.labels.length > 0; });
        })()
        """

    static let widths = [320, 360, 412, 600, 700, 768, 900, 1024, 1280, 1366, 1400, 1440, 1600, 1920, 2560]

    @Test func noTwoLabelsOverlapAtAnyWidthInEitherUnitsOrAxis() throws {
        let f = try ViewPageFixture.shared.get()
        let (url, done) = try f.page()
        defer { done() }
        let views = [("metric", "distance"), ("imperial", "distance"), ("metric", "time")]
        var steps: [PageStep] = []
        for width in Self.widths {
            steps.append(.viewport(width, 900))
            for (units, axis) in views {
                // The choice is stored across reloads: each view names both.
                steps.append(.eval("RoamUnits.set('\(units)'); document.getElementById('axis-\(axis)').click(); 0"))
                steps.append(.eval(Self.shownLabels))
            }
        }
        let v = try PageJudge.run(page: url, steps: steps)
        #expect(v.errors.isEmpty, "console errors: \(v.errors)")
        #expect(v.results.count == Self.widths.count * views.count * 2)
        var axesSeen = 0
        for (i, result) in v.results.enumerated() where i % 2 == 1 {
            let width = Self.widths[i / (2 * views.count)], view = views[(i / 2) % views.count]
            let axes = result as? [[String: Any]] ?? []
            #expect(axes.count == 3, "\(width) px, \(view): \(axes.count) charts with labels")
            for axis in axes {
                let chart = axis["chart"] as? String ?? "?"
                let labels = axis["labels"] as? [[String: Any]] ?? []
                axesSeen += 1
                // Dropping labels is the remedy, dropping all of them is not.
                #expect(labels.count >= 2, "\(width) px, \(view), \(chart): \(labels.count) labels shown")
                for (a, b) in zip(labels, labels.dropFirst()) {
                    let aRight = a["right"] as? Double ?? .infinity, bLeft = b["left"] as? Double ?? -.infinity
                    #expect(aRight < bLeft, "\(width) px, \(view), \(chart): \(a["text"] ?? "?") ends at \(aRight), \(b["text"] ?? "?") starts at \(bLeft)")
                }
            }
        }
        #expect(axesSeen == Self.widths.count * views.count * 3)
    }
}
