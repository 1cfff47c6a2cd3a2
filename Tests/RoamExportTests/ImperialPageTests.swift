import Foundation
import Testing
import RoamCore
@testable import RoamExport

/// The ride page's imperial parts without a browser: ticks at round miles, feet and mph beside the
/// metric ones, splits per mile from the same pass as per kilometre, the steepest grade said over
/// a round length in each system, each part marked with the system it belongs to.
@Suite struct ImperialPageTests {
    /// Ticks back in the system's own units, to a millionth.
    private static func counted(_ ticks: UnitTicks, per unit: Double) -> [Double] {
        ticks.values.map { v in (v / unit * 1e6).rounded() / 1e6 }
    }

    /// A whole number of one of the round steps a label may count in.
    private static func isRound(_ v: Double) -> Bool {
        let steps: [Double] = [1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500]
        return steps.contains { s in abs(v / s - (v / s).rounded()) < 1e-3 }
    }

    @Test func imperialTicksAreRoundInTheirOwnUnits() {
        let across = UnitTicks(low: 0, high: 13_231, perUnit: UnitFormatter.metresPerMile, count: 6)
        #expect(Self.counted(across, per: UnitFormatter.metresPerMile) == [0, 2, 4, 6, 8] && across.digits == 0)
        let up = UnitTicks(low: 375, high: 525, perUnit: UnitFormatter.metresPerFoot, count: 4)
        #expect(Self.counted(up, per: UnitFormatter.metresPerFoot) == [1_400, 1_600] && up.digits == 0)
        let speed = UnitTicks(low: 0, high: 40, perUnit: UnitTicks.imperialPerUnit(.speed), count: 4)
        #expect(Self.counted(speed, per: 1.609344) == [0, 10, 20])
        let short = UnitTicks(low: 0, high: 900, perUnit: UnitFormatter.metresPerMile, count: 6)
        #expect(Self.counted(short, per: UnitFormatter.metresPerMile) == [0, 0.1, 0.2, 0.3, 0.4, 0.5] && short.digits == 1)
    }

    /// An hour at 5 m/s over rolling hills, 18 km: 11 whole miles and a part.
    private func page(_ units: UnitFormatter) -> (html: String, distanceM: Double) {
        var track = ViewTrack(expectedAccepted: 3_600)
        var pauses = PlaybackPauses(), splits = RideSplits()
        var lat = 45.0, distance = 0.0
        for i in 0..<3_600 {
            lat += 5 / 111_000
            var f = ExportTestFixes.fix(seq: Int64(i), lat: lat, lon: 6, added: i == 0 ? 0 : 5)
            f.utcMs = ExportTestFixes.dayStartUTCms + Int64(i) * 1000
            f.baroAltM = 400 + 60 * sine(Double(i) / 200)
            if i > 0 { distance += 5 }
            track.add(f); pauses.add(f); splits.add(f)
        }
        track.finish(); pauses.finish(); splits.finish()
        var totals = RideTotals()
        totals.distanceM = distance; totals.fixCount = 3_600; totals.acceptedCount = 3_600; totals.movingS = 3_599
        let ride = RideSummary(id: 3, startedUTCms: ExportTestFixes.dayStartUTCms, endedUTCms: ExportTestFixes.dayStartUTCms + 3_599_000,
                               totals: totals, parametersJSON: "{}")
        return (HTMLView(ride: ride, track: track, pauses: pauses.intervals, splits: splits.splits, units: units).render(), distance)
    }

    private func matches(_ pattern: String, in text: String) throws -> [[String]] {
        let re = try NSRegularExpression(pattern: pattern)
        return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (0..<m.numberOfRanges).map { String(text[Range(m.range(at: $0), in: text)!]) }
        }
    }

    private func figure(_ id: String, in html: String) -> String {
        guard let a = html.range(of: "id=\"chart-\(id)\""), let b = html.range(of: "</figure>", range: a.upperBound..<html.endIndex) else { return "" }
        return String(html[a.lowerBound..<b.lowerBound])
    }

    @Test func thePageCarriesRoundImperialTicksBesideTheMetricOnes() throws {
        let (html, _) = page(.metric)
        for (id, kind, perUnit) in [("elevation-distance", "length", UnitFormatter.metresPerFoot), ("speed-distance", "speed", 1 / 2.2369362920544)] {
            let chart = figure(id, in: html)
            let xs = try matches("class=\"xtick(?: first)? units-imperial\"[^>]*data-si=\"([0-9.]+)\"", in: chart).map { Double($0[1])! / UnitFormatter.metresPerMile }
            #expect(xs.count >= 3 && xs.allSatisfy { abs($0 / 2 - ($0 / 2).rounded()) < 1e-6 }, "\(id): \(xs) mi")
            let ys = try matches("class=\"ytick units-imperial\"[^>]*data-unit=\"\(kind)\" data-si=\"(-?[0-9.]+)\"", in: chart).map { Double($0[1])! / perUnit }
            #expect(!ys.isEmpty && ys.allSatisfy(Self.isRound), "\(id): \(ys)")
            #expect(chart.contains("<g class=\"grid units-metric\">") && chart.contains("<g class=\"grid units-imperial\">"))
            #expect(try matches("class=\"xtick(?: first)? units-metric\"", in: chart).count >= 3)
        }
        // °C against time has nothing to switch: one set, marked with no system.
        #expect(figure("temperature-time", in: html).contains("units-") == false)
    }

    @Test func splitsPerMileAndTheSteepestInEachSystem() throws {
        let (html, distance) = page(UnitFormatter(.imperial))
        let miles = try matches("<table class=\"splits units-imperial\" data-per=\"mi\">(.*?)</table>", in: html.replacingOccurrences(of: "\n", with: " "))
        let rows = try matches("<tr><td>([0-9.]+)", in: try #require(miles.first)[1]).map { $0[1] }
        let whole = Int(distance / UnitFormatter.metresPerMile)
        #expect(rows == (1...whole).map(String.init) + [FixedPoint.format(distance / UnitFormatter.metresPerMile, digits: 2)], "\(rows)")
        let km = try matches("<table class=\"splits units-metric\" data-per=\"km\">", in: html)
        #expect(km.count == 1 && html.contains("<span class=\"units-metric\">per kilometre</span><span class=\"units-imperial\">per mile</span>"))
        // One steepest grade, of stretches at least 330 ft (100.584 m) long: true over 100 m and over 330 ft.
        #expect(try matches(" · steepest [0-9]+ % over <span class=\"units-metric\">100 m</span><span class=\"units-imperial\">330 ft</span>", in: html).count == 1)
        #expect(html.contains("class=\"scale units-metric\"") && html.contains("class=\"scale units-imperial\""))
    }
}
