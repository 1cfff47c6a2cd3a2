import Foundation
import RoamTestSupport
import Testing

/// The ride page in imperial, judged in real headless Chromium on the bench ride: after the switch
/// flips, the ticks a reader sees are round miles, feet and mph, the splits are one row per mile
/// with the part-mile last, and the steepest grade is said over 330 ft; flipped back, the page is
/// metric again (per kilometre, over 100 m).
@Suite(.serialized) struct ImperialRidePageTests {
    static let state = """
        (function () {
          function shown(e) { return e.getClientRects().length > 0; }
          function texts(sel) { return Array.from(document.querySelectorAll(sel)).filter(shown).map(function (e) { return e.textContent; }); }
          var tables = Array.from(document.querySelectorAll('table.splits')).filter(shown);
          return JSON.stringify({ units: RoamUnits.current(),
            si: Number(document.querySelector('header .distance-total').getAttribute('data-si')),
            elevationX: texts('#chart-elevation-distance .xtick'), speedX: texts('#chart-speed-distance .xtick'),
            elevationY: texts('#chart-elevation-distance .ytick'), speedY: texts('#chart-speed-distance .ytick'),
            tables: tables.map(function (t) { return t.getAttribute('data-per'); }),
            splits: tables.length ? Array.from(tables[0].querySelectorAll('tr td:first-child')).map(function (e) { return e.textContent; }) : [],
            caption: document.querySelector('#chart-elevation-distance figcaption').innerText,
            heading: document.querySelector('section.splits h2').innerText,
            scale: texts('svg.map .scale text'),
            fixes: Array.from(document.querySelectorAll('table.totals tr')).filter(function (r) { return r.firstChild.textContent === 'Fixes'; })
              .map(function (r) { return r.lastChild.innerText; })[0] || '',
            // innerText: the words a reader sees, without the other system's hidden beside them.
            reasons: Array.from(document.querySelectorAll('table.flaggedinfo tr td:first-child')).map(function (e) { return e.innerText; }) });
        })()
        """

    static func choose(_ system: String) -> String {
        "(function () { var s = document.getElementById('units'); s.value = '\(system)'; s.dispatchEvent(new Event('change')); return 0; })()"
    }

    /// The labels' numbers when each ends in `unit` (nil otherwise).
    static func numbers(_ labels: Any?, unit: String) -> [Double]? {
        let texts = labels as? [String] ?? []
        let values = texts.compactMap { $0.hasSuffix(" " + unit) ? Double($0.dropLast(unit.count + 1)) : nil }
        return values.count == texts.count ? values : nil
    }

    /// Evenly spaced by a round step (1, 2, 2.5 or 5 × 10ⁿ), each a whole number of steps.
    static func areRound(_ values: [Double]) -> Bool {
        guard values.count >= 2 else { return false }
        let step = values[1] - values[0]
        guard step > 0 else { return false }
        var magnitude = 1.0
        while magnitude * 10 <= step { magnitude *= 10 }
        while magnitude > step { magnitude /= 10 }
        let nice = [1.0, 2, 2.5, 5].contains { abs(step / magnitude - $0) < 1e-6 }
        return nice && zip(values, values.dropFirst()).allSatisfy { abs($1 - $0 - step) < step * 1e-6 }
            && values.allSatisfy { abs($0 / step - ($0 / step).rounded()) < 1e-6 }
    }

    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func theSwitchGivesRoundImperialTicksSplitsPerMileAndTheSteepestInFeet() throws {
        let (dir, _, db) = try UnitsTests.benchBoard()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("ride.html")
        #expect(try CLIRunner.run(["view", "--db", db, "--ride", "1", "-o", page.path]).status == 0)
        let v = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval(Self.state), .eval(Self.choose("imperial")), .eval(Self.state),
                                                      .eval(Self.choose("metric")), .eval(Self.state)])
        #expect(v.errors.isEmpty, "\(v.errors)")
        func parse(_ i: Int) throws -> [String: Any] { try #require(try ExploredPageTests.parse(v.results[i]) as? [String: Any]) }
        let metric = try parse(0), imperial = try parse(2), back = try parse(4)

        #expect(imperial["units"] as? String == "imperial", "\(imperial)")
        for key in ["elevationX", "speedX"] {
            let mi = try #require(Self.numbers(imperial[key], unit: "mi"), "\(key): \(imperial[key] ?? "-")")
            #expect(Self.areRound(mi) && mi.first == 0, "\(key): \(mi) mi")
        }
        let ft = try #require(Self.numbers(imperial["elevationY"], unit: "ft"), "\(imperial)")
        let mph = try #require(Self.numbers(imperial["speedY"], unit: "mph"), "\(imperial)")
        #expect(Self.areRound(ft) && Self.areRound(mph), "\(ft) ft, \(mph) mph")
        // One row per whole mile, then the part-mile to two decimals, ending at the ride's distance.
        let si = try #require(imperial["si"] as? Double)
        let rows = (imperial["splits"] as? [String] ?? []).map { String($0.split(separator: " ").first ?? "") }
        let whole = Int(si / 1609.344)
        #expect(imperial["tables"] as? [String] == ["mi"], "\(imperial)")
        #expect(rows == (1...whole).map(String.init) + [String(format: "%.2f", si / 1609.344)], "\(rows) for \(si) m")
        let caption = imperial["caption"] as? String ?? ""
        #expect(caption.contains("over 330 ft") && !caption.contains("100 m") && !caption.contains(" m "), "\(caption)")
        #expect((imperial["heading"] as? String ?? "").hasSuffix("per mile"), "\(imperial)")
        #expect((imperial["scale"] as? [String] ?? []).allSatisfy { $0.hasSuffix(" mi") || $0.hasSuffix(" ft") }, "\(imperial)")
        // The gates that set fixes aside, in feet: in the totals' card and the flagged fixes' table.
        let reasons = imperial["reasons"] as? [String] ?? []
        #expect(reasons.contains { $0.hasSuffix(" ft to the last") } && !reasons.contains { $0.contains(" m ") }, "\(reasons)")
        let fixes = imperial["fixes"] as? String ?? ""
        #expect(fixes.contains(" ft to the last") && !fixes.contains(" m to the last"), "\(fixes)")

        for state in [metric, back] {
            #expect(state["units"] as? String == "metric" && state["tables"] as? [String] == ["km"], "\(state)")
            let km = try #require(Self.numbers(state["speedX"], unit: "km"), "\(state)")
            #expect(Self.areRound(km), "\(km) km")
            #expect((state["caption"] as? String ?? "").contains("over 100 m") && !(state["caption"] as? String ?? "").contains("ft"), "\(state)")
            #expect((state["heading"] as? String ?? "").hasSuffix("per kilometre"), "\(state)")
            #expect((state["reasons"] as? [String] ?? []).contains { $0.hasSuffix(" m to the last") }, "\(state)")
        }
    }
}
