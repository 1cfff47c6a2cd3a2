import Foundation
import RoamTestSupport
import Testing

/// `--units metric|imperial` and board.conf's `units`, end to end on the bench ride: metric is the
/// default and changes nothing, imperial converts by 1 mi = 1609.344 m and 1 ft = 0.3048 m, the
/// option overrides the board's key, and bad input is named (the option's choices, the key's line).
@Suite(.serialized) struct UnitsTests {
    /// The bench ride recorded into a board folder of its own (bench's board.conf plus `extra`).
    static func benchBoard(extra: String = "") throws -> (dir: URL, board: String, db: String) {
        let dir = try CLIRunner.temporaryDirectory()
        let board = dir.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: board, withIntermediateDirectories: true)
        var conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        conf = conf.replacingOccurrences(of: "data_dir = ../../data/bench", with: "data_dir = ../data") + extra
        try conf.write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("data/rides.db").path
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        return (dir, board.path, db)
    }

    /// The first number before `unit` on the line starting with `prefix`.
    static func number(_ text: String, line prefix: String, unit: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }),
              let r = line.range(of: " " + unit) else { return nil }
        return Double(line[..<r.lowerBound].split(separator: " ").last?.trimmingCharacters(in: CharacterSet(charactersIn: "+-(")) ?? "")
    }

    @Test func imperialConvertsAndMetricIsTheDefault() throws {
        let (dir, _, db) = try Self.benchBoard()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        let metric = try CLIRunner.run(["show", "--db", db, "--ride", "1", "--units", "metric"])
        let imperial = try CLIRunner.run(["show", "--db", db, "--ride", "1", "--units", "imperial"])
        #expect(plain.status == 0 && metric.status == 0 && imperial.status == 0, "\(imperial.stderr)")
        #expect(plain.stdout == metric.stdout, "--units metric is the default")
        #expect(!imperial.stdout.contains(" km") && !imperial.stdout.contains("km/h"), "\(imperial.stdout)")
        let km = try #require(Self.number(plain.stdout, line: "distance", unit: "km"))
        let mi = try #require(Self.number(imperial.stdout, line: "distance", unit: "mi"))
        #expect(abs(mi * 1.609344 - km) < 0.0015, "\(mi) mi is \(km) km")
        // Climb needs the barometer's samples: said in feet wherever it is said in metres.
        let up = Self.number(plain.stdout, line: "climb", unit: "m"), ft = Self.number(imperial.stdout, line: "climb", unit: "ft")
        #expect((up == nil) == (ft == nil), "\(plain.stdout)\n\(imperial.stdout)")
        if let up, let ft { #expect(abs(ft * 0.3048 - up) < 0.05, "\(ft) ft is \(up) m") }
        let kmh = try #require(Self.number(plain.stdout, line: "max speed", unit: "km/h"))
        let mph = try #require(Self.number(imperial.stdout, line: "max speed", unit: "mph"))
        #expect(abs(mph * 1.609344 - kmh) < 0.1, "\(mph) mph is \(kmh) km/h")

        // The distance gate that set fixes aside is said in feet too.
        #expect(plain.stdout.contains(" m to the last") && imperial.stdout.contains(" ft to the last") && !imperial.stdout.contains(" m to the last"),
                "\(imperial.stdout)")

        let rides = try CLIRunner.run(["rides", "--db", db, "--units", "imperial"])
        #expect(rides.status == 0 && rides.stdout.contains(" mi ") && rides.stdout.contains(" ft "), "\(rides.stdout)")
        let summary = try CLIRunner.run(["explored", "--summary", "--db", db, "--units", "imperial"])
        #expect(summary.status == 0 && summary.stdout.contains(" mi²") && !summary.stdout.contains("km"), "\(summary.stdout)")
    }

    @Test func boardConfKeyIsTheDefaultAndTheOptionOverridesIt() throws {
        let (dir, board, _) = try Self.benchBoard(extra: "units = imperial\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let byBoard = try CLIRunner.run(["show", "--board", board, "--ride", "1"])
        #expect(byBoard.status == 0, "\(byBoard.stderr)")
        #expect(byBoard.stdout.contains(" mi (") && byBoard.stdout.contains(" mph"), "\(byBoard.stdout)")
        let overridden = try CLIRunner.run(["show", "--board", board, "--ride", "1", "--units", "metric"])
        #expect(overridden.stdout.contains(" km (") && !overridden.stdout.contains(" mi"), "\(overridden.stdout)")
        let status = try CLIRunner.run(["rides", "--board", board])
        #expect(status.stdout.contains(" mi "), "\(status.stdout)")
    }

    /// `rederive` and `record`'s progress line follow the option and the board's key as `show` does;
    /// without either they keep their metric bytes.
    @Test func rederiveAndTheProgressLineFollowTheUnits() throws {
        let (dir, board, db) = try Self.benchBoard(extra: "units = imperial\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try CLIRunner.run(["rederive", "--db", db, "--ride", "1", "--dry-run"])
        let metric = try CLIRunner.run(["rederive", "--db", db, "--ride", "1", "--dry-run", "--units", "metric"])
        let byBoard = try CLIRunner.run(["rederive", "--board", board, "--ride", "1", "--dry-run"])
        #expect(plain.status == 0 && byBoard.status == 0, "\(plain.stderr) \(byBoard.stderr)")
        #expect(plain.stdout == metric.stdout && plain.stdout.contains(" km -> ") && plain.stdout.contains(" m -> "), "\(plain.stdout)")
        let km = try #require(Self.number(plain.stdout, line: "distance", unit: "km"))
        let mi = try #require(Self.number(byBoard.stdout, line: "distance", unit: "mi"))
        #expect(abs(mi * 1.609344 - km) < 0.0015 && !byBoard.stdout.contains(" km"), "\(byBoard.stdout)")
        if let up = Self.number(plain.stdout, line: "ascent", unit: "m") {
            let ft = try #require(Self.number(byBoard.stdout, line: "ascent", unit: "ft"), "\(byBoard.stdout)")
            #expect(abs(ft * 0.3048 - up) < 0.05, "\(ft) ft is \(up) m")
        }
        // The line printed when the ride stops, in miles and feet with board.conf's key; --units overrides it.
        let db2 = dir.appendingPathComponent("data/second.db").path
        let imperial = try CLIRunner.run(["record", "--board", board, "--db", db2])
        #expect(imperial.status == 0, "\(imperial.stderr)")
        let line = imperial.stderr.split(separator: "\n").last { $0.hasPrefix("ride 1: ") && $0.contains(" fixes, ") } ?? ""
        #expect(line.contains(" mi") && !line.contains(" km") && (line.contains(" ft,") || line.contains("climb n/a")), "\(imperial.stderr)")
        let db3 = dir.appendingPathComponent("data/third.db").path
        let overridden = try CLIRunner.run(["record", "--board", board, "--db", db3, "--units", "metric"])
        let metricLine = overridden.stderr.split(separator: "\n").last { $0.hasPrefix("ride 1: ") && $0.contains(" fixes, ") } ?? ""
        #expect(overridden.status == 0 && metricLine.contains(" km") && !metricLine.contains(" mi"), "\(overridden.stderr)")
    }

    @Test func badUnitsAreNamed() throws {
        let bad = try CLIRunner.run(["rides", "--db", "/nonexistent/rides.db", "--units", "furlongs"])
        #expect(bad.status == 64, "a usage error: \(bad.status) \(bad.stderr)")
        #expect(bad.stderr.contains("furlongs") && bad.stderr.contains("metric, imperial"), "\(bad.stderr)")
        let (dir, board, _) = try Self.benchBoard(extra: "units = furlongs\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let conf = try String(contentsOfFile: board + "/board.conf", encoding: .utf8)
        let line = conf.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "units = furlongs")! + 1
        let r = try CLIRunner.run(["rides", "--board", board])
        #expect(r.status == 65, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains("board.conf:\(line): 'units' must be one of metric, imperial (default metric), found 'furlongs'"), "\(r.stderr)")
    }

    /// The ride page's switch in real headless Chromium: it opens in the board's units, switches to
    /// imperial, and after a reload is still imperial (localStorage on a file:// page); the headline
    /// distance in mi is the km value converted.
    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func pageSwitchIsRememberedAcrossAReload() throws {
        let (dir, _, db) = try Self.benchBoard()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("ride.html"), imperialPage = dir.appendingPathComponent("ride-imperial.html")
        #expect(try CLIRunner.run(["view", "--db", db, "--ride", "1", "-o", page.path]).status == 0)
        #expect(try CLIRunner.run(["view", "--db", db, "--ride", "1", "--units", "imperial", "-o", imperialPage.path]).status == 0)
        let state = """
            JSON.stringify({ units: RoamUnits.current(), chosen: document.getElementById('units').value,
              headline: document.querySelector('header .distance-total').textContent,
              si: Number(document.querySelector('header .distance-total').getAttribute('data-si')),
              ticks: Array.from(document.querySelectorAll('#chart-speed-distance .xtick')).map(function (e) { return e.textContent; }),
              readout: document.getElementById('replay-out-distance').textContent,
              legend: document.querySelector('ul.legend li').textContent,
              scale: (document.querySelector('.leaflet-control-scale-line') || { textContent: null }).textContent })
            """
        let choose = "(function () { var s = document.getElementById('units'); s.value = 'imperial'; s.dispatchEvent(new Event('change')); return 0; })()"
        let v = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval(state), .eval(choose), .eval(state),
                                                      .viewport(1400, 1000), .eval(state)])
        #expect(v.errors.isEmpty, "\(v.errors)")
        #expect(v.requests.isEmpty, "the page asked for \(v.requests)")
        func parse(_ i: Int) throws -> [String: Any] { try #require(try ExploredPageTests.parse(v.results[i]) as? [String: Any]) }
        let before = try parse(0), after = try parse(2), reloaded = try parse(3)
        #expect(before["units"] as? String == "metric" && (before["headline"] as? String ?? "").hasSuffix(" km"), "\(before)")
        #expect((before["legend"] as? String ?? "").hasSuffix(" km/h"), "\(before)")
        let si = try #require(before["si"] as? Double)
        let km = try #require(Double((before["headline"] as? String ?? "").dropLast(3)))
        #expect(abs(km - si / 1000) < 0.006)
        for state in [after, reloaded] {
            #expect(state["units"] as? String == "imperial" && state["chosen"] as? String == "imperial", "\(state)")
            let headline = state["headline"] as? String ?? ""
            let mi = try #require(Double(headline.dropLast(3)), "\(headline)")
            #expect(headline.hasSuffix(" mi") && headline == String(format: "%.2f mi", si / 1609.344), "\(headline) from \(si) m")
            #expect(abs(mi * 1609.344 - si) < 6, "\(mi) mi is \(si) m")
            #expect((state["ticks"] as? [String] ?? []).allSatisfy { $0.hasSuffix(" mi") }, "the chart's axis too: \(state)")
            #expect((state["readout"] as? String ?? "").hasSuffix(" mi"), "the replay readout too: \(state)")
            #expect((state["legend"] as? String ?? "").hasSuffix(" mph"), "the speed bands' key too: \(state)")
            if let scale = state["scale"] as? String { #expect(scale.hasSuffix(" mi") || scale.hasSuffix(" ft"), "Leaflet's scale bar: \(scale)") }
        }
        // A page written in imperial opens in imperial (a fresh browser profile, nothing stored).
        let w = try PageJudge.run(page: imperialPage, steps: [.viewport(1400, 1000), .eval(state)])
        #expect(w.errors.isEmpty, "\(w.errors)")
        let opened = try #require(try ExploredPageTests.parse(w.results[0]) as? [String: Any])
        #expect(opened["units"] as? String == "imperial" && (opened["headline"] as? String ?? "").hasSuffix(" mi"), "\(opened)")
    }

    /// The explored page's switch: the areas and the cell sizes follow it, and it is remembered.
    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func exploredPageSwitchesItsAreasAndCellSizes() throws {
        let (dir, _, db) = try Self.benchBoard()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("explored.html")
        #expect(try CLIRunner.run(["view", "--explored", "--db", db, "-o", page.path]).status == 0)
        let state = "JSON.stringify({ units: RoamUnits.current(), legend: document.getElementById('cell-size').textContent, "
            + "areas: Array.from(document.querySelectorAll('table.totals [data-unit=\"area\"]')).map(function (e) { return e.textContent; }) })"
        let choose = "(function () { var s = document.getElementById('units'); s.value = 'imperial'; s.dispatchEvent(new Event('change')); return 0; })()"
        let v = try PageJudge.run(page: page, steps: [.viewport(1200, 800), .eval(state), .eval(choose), .eval(state), .viewport(1200, 800), .eval(state)])
        #expect(v.errors.isEmpty, "\(v.errors)")
        let before = try #require(try ExploredPageTests.parse(v.results[0]) as? [String: Any])
        let areas = before["areas"] as? [String] ?? []
        #expect(areas.count == 3 && areas.allSatisfy { $0.hasSuffix(" km²") }, "\(before)")
        for i in [2, 3] {
            let after = try #require(try ExploredPageTests.parse(v.results[i]) as? [String: Any])
            let imperial = after["areas"] as? [String] ?? []
            #expect(after["units"] as? String == "imperial" && imperial.count == 3 && imperial.allSatisfy { $0.hasSuffix(" mi²") }, "\(after)")
            let legend = after["legend"] as? String ?? ""
            #expect(legend.hasSuffix(" ft") || legend.hasSuffix(" mi"), "the legend's cell size: \(legend)")
        }
    }
}
