import Foundation
import RoamTestSupport
import Testing

/// The ride page in real headless Chromium: the map first and full width at desktop and phone
/// sizes, a pointer on a chart moving the map's marker and the readout, gaps drawn as gaps and
/// stops marked as the database has them, a readout that never shifts, and pages for rides with
/// almost nothing in them that say so. Every page opens without console errors or requests.
/// Screenshots go to PageJudge's folder of this run, for a person to look at.
@Suite(.serialized, .needs(PageJudge.isAvailable, PageJudge.skipReason))
struct ViewPageTests {
    static let sizes: [(name: String, w: Int, h: Int)] = [("desktop", 1400, 1000), ("phone", 390, 844), ("phone-sideways", 844, 390)]

    private func fixture() throws -> ViewPageFixture { try ViewPageFixture.shared.get() }

    private func judge(_ page: URL, _ steps: [PageStep]) throws -> PageVerdict {
        let v = try PageJudge.run(page: page, steps: steps)
        #expect(v.errors.isEmpty, "console errors: \(v.errors)")
        #expect(v.requests.isEmpty, "the page asked for: \(v.requests)")
        return v
    }

    /// Rectangles of the map and of the sections after it, the viewport, and overflow.
    static let layout = """
        (function () {
          function r(sel) { var n = document.querySelector(sel); if (!n) return null; var b = n.getBoundingClientRect();
            return { top: b.top, bottom: b.bottom, left: b.left, width: b.width, height: b.height }; }
          return { map: r("body.leaflet-on #ride-leaflet") || r("svg.map"), leaflet: document.body.classList.contains("leaflet-on"), stats: r("section.stats"), charts: r("section.profiles"), tables: r(".tables"),
                   vw: window.innerWidth, vh: window.innerHeight, scrollW: document.documentElement.scrollWidth };
        })()
        """

    @Test func theMapComesFirstFullWidthAndAboveTheFoldAtEverySize() throws {
        let (url, done) = try fixture().page()
        defer { done() }
        for size in Self.sizes {
            let v = try judge(url, [.viewport(size.w, size.h), .eval(Self.layout), .screenshot("bench-\(size.name).png")])
            let o = try #require(v.results.first as? [String: Any])
            let map = try #require(o["map"] as? [String: Double]), vw = try #require(o["vw"] as? Double), vh = try #require(o["vh"] as? Double)
            #expect(o["leaflet"] as? Bool == ViewLeaflet.isInstalled, "\(size.name): the Leaflet map is drawn when the package is installed")
            // A wide screen keeps the Leaflet map in a sticky column at the left, beside everything else.
            let beside = ViewLeaflet.isInstalled && size.w >= 1100
            #expect(map["left"] == 0 && (beside ? map["width"]! >= vw / 2 : abs(map["width"]! - vw) <= 1), "\(size.name): map \(map) in a \(vw) px viewport")
            #expect(map["top"]! < vh * 0.2, "\(size.name): the map starts at \(map["top"]!) of \(vh)")
            let visible = min(map["bottom"]!, vh) - map["top"]!
            #expect(visible >= 0.75 * map["height"]!, "\(size.name): only \(visible) px of the map's \(map["height"]!) are above the fold")
            for section in ["stats", "charts", "tables"] {
                let top = (o[section] as? [String: Double])?["top"] ?? -1
                if beside {
                    let left = (o[section] as? [String: Double])?["left"] ?? -1
                    #expect(left >= map["left"]! + map["width"]! - 1, "\(size.name): \(section) at \(left) is not beside the map")
                    continue
                }
                #expect(top >= map["bottom"]! - 1, "\(size.name): \(section) at \(top) comes before the map's end \(map["bottom"]!)")
            }
            #expect((o["scrollW"] as? Double ?? .infinity) <= vw, "\(size.name): the page scrolls sideways")
        }
    }

    /// Scrolls chart `id` to 420 px from the top and gives its plot's rectangle.
    static func placeChart(_ id: String) -> String {
        """
        (function () { var svg = document.querySelector("#chart-\(id) svg"); var b = svg.getBoundingClientRect();
          window.scrollBy(0, b.top - 420); b = svg.getBoundingClientRect();
          return { left: b.left, top: b.top, width: b.width, height: b.height }; })()
        """
    }

    static let probe = """
        (function () { var m = document.getElementById("replay-marker");
          function t(k) { return document.getElementById("replay-out-" + k).textContent; }
          var lm = window.RoamRideMap, ll = lm && lm.map.hasLayer(lm.marker) ? lm.marker.getLatLng() : null;
          var box = document.getElementById("ride-leaflet"), br = box ? box.getBoundingClientRect() : { top: 0 };
          return { cx: Number(m.getAttribute("cx")), cy: Number(m.getAttribute("cy")), visible: m.getAttribute("visibility"),
                   lat: ll ? ll.lat : -999, lon: ll ? ll.lng : -999, inMap: ll ? lm.map.getBounds().contains(ll) : false, mapTop: br.top,
                   distance: t("distance"), elapsed: t("elapsed"), speed: t("speed"), status: t("status") }; })()
        """

    @Test func pointingAtAChartMovesTheMapMarkerAndTheReadout() throws {
        let f = try fixture()
        let (url, done) = try f.page()
        defer { done() }
        for (chart, axis) in [("speed-distance", "distance"), ("elevation-time", "time")] {
            let pick = axis == "time" ? [PageStep.eval("document.getElementById('axis-time').click(), 0")] : []
            let place = try judge(url, [.viewport(1400, 1000)] + pick + [.eval(Self.placeChart(chart))])
            let rect = try #require(place.results.last as? [String: Double])
            let y = rect["top"]! + rect["height"]! / 2
            let steps: [PageStep] = [.viewport(1400, 1000)] + pick + [.eval(Self.placeChart(chart)), .eval(Self.probe),
                .mouse(rect["left"]! + rect["width"]! * 0.25, y), .eval(Self.probe),
                .mouse(rect["left"]! + rect["width"]! * 0.75, y), .eval(Self.probe),
                .screenshot("bench-hover-\(axis).png"),
                .eval("Number(document.getElementById('chart-\(chart)').getAttribute('data-xmax'))")]
            let v = try judge(url, steps)
            let states = v.results.dropFirst(pick.count + 1).prefix(3).compactMap { $0 as? [String: Any] }
            try #require(states.count == 3)
            let xmax = try #require(v.results.last as? Double)
            let (before, quarter, threeQuarters) = (states[0], states[1], states[2])
            func xy(_ s: [String: Any]) -> (Double, Double) { (s["cx"] as? Double ?? .nan, s["cy"] as? Double ?? .nan) }
            #expect(xy(quarter) != xy(before) && xy(threeQuarters) != xy(quarter), "\(chart): the marker did not move: \(states)")
            if ViewLeaflet.isInstalled {
                // The Leaflet map's marker moves too, inside the map, and the sticky map stays on screen while the chart is scrubbed.
                func ll(_ s: [String: Any]) -> [Double] { [s["lat"] as? Double ?? .nan, s["lon"] as? Double ?? .nan] }
                #expect(ll(quarter) != ll(threeQuarters) && !ll(quarter).contains(-999), "\(chart): the Leaflet marker did not move: \(states)")
                for s in [quarter, threeQuarters] {
                    #expect(s["inMap"] as? Bool == true, "\(chart): the marker is outside the map's view: \(s)")
                    #expect(abs(s["mapTop"] as? Double ?? .nan) <= 1, "\(chart): the map scrolled away while the chart was scrubbed: \(s)")
                }
            }
            #expect(quarter["distance"] as? String != threeQuarters["distance"] as? String, "\(chart): the readout did not change")
            if axis == "distance" {
                // The readout's distance is the distance under the pointer (to its 10 m rounding), or
                // the far end of a gap's bridged stretch, which no moment of the ride lies on.
                for (s, frac) in [(quarter, 0.25), (threeQuarters, 0.75)] {
                    let km = Double((s["distance"] as? String ?? "").split(separator: " ").first ?? "") ?? .nan
                    let pointed = frac * xmax, pixel = xmax / rect["width"]!
                    let expected = f.bridges.first { pointed > $0.fromM && pointed < $0.toM }?.toM ?? pointed
                    #expect(abs(km * 1000 - expected) <= 6 + pixel, "\(chart) at \(frac): \(km) km, expected \(expected) m of \(xmax) m")
                }
            } else {
                for (s, frac) in [(quarter, 0.25), (threeQuarters, 0.75)] {
                    let parts = (s["elapsed"] as? String ?? "").split(separator: ":").compactMap { Double($0) }
                    let seconds = parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : .nan
                    #expect(abs(seconds - frac * xmax) <= 1 + xmax / rect["width"]!, "\(chart) at \(frac): \(seconds) s of \(xmax) s")
                }
            }
        }
    }

    @Test func aFingerOnTheProfileMovesTheMarkerOnAPhone() throws {
        let (url, done) = try fixture().page()
        defer { done() }
        let place = try judge(url, [.viewport(390, 844), .eval(Self.placeChart("elevation-distance"))])
        let rect = try #require(place.results.last as? [String: Double])
        let v = try judge(url, [.viewport(390, 844), .eval(Self.placeChart("elevation-distance")), .eval(Self.probe),
                                .touch(rect["left"]! + rect["width"]! * 0.6, rect["top"]! + rect["height"]! / 2), .eval(Self.probe),
                                .screenshot("bench-phone-touch.png")])
        let before = try #require(v.results[1] as? [String: Any]), after = try #require(v.results[2] as? [String: Any])
        #expect(before["cx"] as? Double != after["cx"] as? Double, "\(before) → \(after)")
        if ViewLeaflet.isInstalled { #expect(before["lat"] as? Double != after["lat"] as? Double && after["inMap"] as? Bool == true, "\(before) → \(after)") }
        #expect(before["distance"] as? String != after["distance"] as? String)
    }

    static let mapStructure = """
        (function () {
          var groups = document.querySelectorAll("svg.map g.segment"), chains = 0, joined = 0, prevEnd = null;
          Array.prototype.forEach.call(groups, function (g) {
            var last = null, first = null;
            Array.prototype.forEach.call(g.querySelectorAll("polyline"), function (l) {
              var pts = l.getAttribute("points").split(" ");
              if (first === null) first = pts[0];
              if (last !== null && pts[0] !== last) chains++;
              last = pts[pts.length - 1];
            });
            chains++;
            if (prevEnd !== null && first === prevEnd) joined++;
            prevEnd = last;
          });
          function texts(sel) { return Array.prototype.map.call(document.querySelectorAll(sel), function (n) { return n.textContent; }); }
          return { groups: groups.length, chains: chains, joined: joined, stops: document.querySelectorAll("svg.map circle.stop").length,
                   stopLabels: texts("svg.map text.label.stop"), gapLabels: texts("svg.map text.label.gap"),
                   gapMarkers: document.querySelectorAll("svg.map circle.gap").length,
                   timeGaps: document.querySelectorAll("#chart-speed-time rect.mark.gap").length,
                   timeStops: document.querySelectorAll("#chart-speed-time .mark.stop").length,
                   splitKm: texts("table.splits[data-per=km] tr td:first-child"), rows: texts("table.marks tr td:nth-child(3)") };
        })()
        """

    @Test("P5: the track is broken at every gap, as the database's segments are; stops are marked with their length")
    func gapsAreDrawnAsGapsAndStopsAreMarked() throws {
        let f = try fixture()
        let (url, done) = try f.page()
        defer { done() }
        let v = try judge(url, [.viewport(1400, 1000), .eval(Self.mapStructure)])
        let o = try #require(v.results.first as? [String: Any])
        #expect(o["groups"] as? Int == f.drawnSegments.count && o["chains"] as? Int == f.drawnSegments.count, "\(o)")
        #expect(o["joined"] as? Int == 0, "a line joins two segments across a gap")
        #expect(o["gapMarkers"] as? Int == 2 * (f.drawnSegments.count - 1))
        let gapLabels = o["gapLabels"] as? [String] ?? []
        #expect(gapLabels.count == f.gapCauses.count && zip(gapLabels, f.gapCauses).allSatisfy { $0.contains($1) }, "\(gapLabels) vs \(f.gapCauses)")
        #expect(o["stops"] as? Int == f.pauses.count && o["timeStops"] as? Int == f.pauses.count, "\(o)")
        #expect(o["timeGaps"] as? Int == f.gapCauses.count)
        // Stops of a minute or more carry their length in whole minutes.
        let long = f.pauses.map { Double($0.toUTCms - $0.fromUTCms) / 1000 }.filter { $0 >= 60 && $0 < 3600 }
        try #require(!long.isEmpty, "the bench ride's café stop is gone")
        #expect(o["stopLabels"] as? [String] == long.map { "stop \(Int(($0 / 60).rounded())) min" })
        let rows = o["rows"] as? [String] ?? []
        #expect(rows.filter { $0.hasPrefix("stop") }.count == f.pauses.count && rows.filter { $0.hasPrefix("gap") }.count == f.gapCauses.count)
        // Splits: one row per whole kilometre and the part-kilometre at the end.
        let km = (o["splitKm"] as? [String] ?? []).compactMap { Double($0.split(separator: " ").first ?? "") }
        let whole = Int(f.distanceM / 1000)
        #expect(km.count == whole + (f.distanceM - Double(whole) * 1000 >= 50 ? 1 : 0), "\(km) for \(f.distanceM) m")
        #expect(abs((km.last ?? 0) - f.distanceM / 1000) < 0.006, "the last split ends at the ride's distance")
    }

    /// Readout cells' rectangles and the bar's height, and the state shown, at ride time t.
    static func readoutAt(_ utcMs: Int64) -> String {
        """
        (function () { var t0 = JSON.parse(document.getElementById("replay-data").textContent).t0;
          location.hash = "#t=" + ((\(utcMs) - t0) / 1000); window.dispatchEvent(new HashChangeEvent("hashchange"));
          var cells = Array.prototype.map.call(document.querySelectorAll("#replay .readout"), function (n) {
            var b = n.getBoundingClientRect(); return [b.left, b.top, b.width, b.height].join(","); });
          return { cells: cells.join(" "), bar: document.getElementById("replay").getBoundingClientRect().height,
                   status: document.getElementById("replay-out-status").textContent }; })()
        """
    }

    @Test func theReadoutKeepsItsLayoutWhateverTheState() throws {
        let f = try fixture()
        let (url, done) = try f.page()
        defer { done() }
        for size in Self.sizes {
            let v = try judge(url, [.viewport(size.w, size.h), .eval(Self.readoutAt(f.movingUTCms)), .eval(Self.readoutAt(f.pausedUTCms)),
                                    .eval(Self.readoutAt(f.gapUTCms)), .screenshot("bench-\(size.name)-gap.png")])
            let s = v.results.compactMap { $0 as? [String: Any] }
            try #require(s.count == 3)
            #expect(s.map { $0["status"] as? String ?? "" } == ["moving", "paused", "gap: \(f.gapCauses.first ?? "?")"], "\(size.name)")
            #expect(Set(s.map { $0["cells"] as? String ?? "" }).count == 1, "\(size.name): the readout moved: \(s)")
            #expect(Set(s.map { $0["bar"] as? Double ?? -1 }).count == 1, "\(size.name): the bar changed height")
        }
    }

    static let edgeProbe = """
        (function () { var body = document.body.innerText;
          return { notice: (document.querySelector("p.notice") || {}).textContent || "", scale: document.querySelectorAll("svg.map .scale").length,
                   minusZero: /[-−]0(?![.,]?[0-9])/.test(body), mapText: (document.querySelector("svg.map text.empty") || {}).textContent || "",
                   elapsed: Array.prototype.filter.call(document.querySelectorAll("table.totals tr"), function (r) {
                     return r.firstChild.textContent === "Elapsed time"; }).map(function (r) { return r.lastChild.textContent; })[0] }; })()
        """

    @Test func ridesWithAlmostNothingSaySoAndDrawNoNonsense() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, ids) = try ViewPageEdgeRides.make(in: dir)
        // Elapsed is end − start of the dated fixes: 1 fix lasts 0 s, 8 fixes a second apart 7 s.
        let expected = [("one position only", "One position only", "0:00:00"),
                        ("no fix of this ride has a position", "No position recorded", "0:00:07"),
                        ("every fix of this ride is flagged", "Every position in this ride is flagged", "0:00:05"),
                        ("has no fixes", "No position recorded", "–")]
        for ((name, id), (notice, mapText, elapsed)) in zip(zip(ViewPageEdgeRides.names, ids), expected) {
            let out = dir.appendingPathComponent("ride-\(id).html").path
            let r = try CLIRunner.run(["view", "--db", db, "--ride", "\(id)", "--out", out])
            try #require(r.status == 0, "\(name): \(r.stderr)")
            let slug = name.replacingOccurrences(of: " ", with: "-")
            let v = try judge(URL(fileURLWithPath: out), [.viewport(1400, 1000), .eval(Self.edgeProbe),
                                                          .eval("(function () { var b = document.getElementById('replay-play'); return b ? b.disabled : null; })()"),
                                                          .screenshot("edge-\(slug).png"),
                                                          .viewport(390, 844), .screenshot("edge-\(slug)-phone.png")])
            let o = try #require(v.results.first as? [String: Any])
            #expect((o["notice"] as? String ?? "").lowercased().contains(notice), "\(name): \(o)")
            #expect((o["mapText"] as? String ?? "").hasPrefix(mapText), "\(name): \(o)")
            #expect(o["scale"] as? Int == 0, "\(name): a scale bar for no track")
            #expect(o["minusZero"] as? Bool == false, "\(name): a negative zero on the page")
            #expect(o["elapsed"] as? String == elapsed, "\(name): elapsed \(String(describing: o["elapsed"]))")
            // One moment has nothing to play: the replay's controls are there but inert.
            if notice == "one position only" { #expect(v.results.count > 1 && v.results[1] as? Bool == true, "\(name): \(v.results)") }
        }
    }

    static let clockProbe = """
        (function () { var h = document.querySelector("h1 time");
          return { text: h.textContent, title: h.getAttribute("title"), zone: document.getElementById("zone-note").textContent,
                   clock: document.getElementById("replay-out-local").textContent,
                   clockTitle: document.getElementById("replay-out-local").getAttribute("title") }; })()
        """

    @Test func timesAreTheBoardsZoneWithUTCOnHoverElseTheComputers() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let board = f.directory.appendingPathComponent("berlin-board")
        try FileManager.default.createDirectory(at: board, withIntermediateDirectories: true)
        let bench = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        try (bench.replacingOccurrences(of: "data_dir = ../../data/bench", with: "data_dir = ..") + "time_zone = Europe/Berlin\n")
            .write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        let zoned = f.directory.appendingPathComponent("zoned.html"), plain = f.directory.appendingPathComponent("plain.html")
        let r1 = try CLIRunner.run(["view", "--board", board.path, "--ride", "\(f.a.id)", "--out", zoned.path])
        let r2 = try CLIRunner.run(["view", "--db", f.dbPath, "--ride", "\(f.a.id)", "--out", plain.path])
        try #require(r1.status == 0 && r2.status == 0, "\(r1.stderr) \(r2.stderr)")
        // The fixture's ride starts 2026-06-14 07:30 UTC: 09:30 summer time in Berlin.
        let z = try #require(try judge(zoned, [.viewport(1400, 1000), .eval(Self.clockProbe)]).results.first as? [String: String])
        #expect(z["text"] == "Sunday 14 June 2026, 09:30" && z["title"] == "2026-06-14 07:30:00 UTC", "\(z)")
        #expect(z["zone"] == "times in Europe/Berlin (UTC+02:00)" && z["clock"] == "09:30:00" && z["clockTitle"] == "2026-06-14 07:30:00 UTC", "\(z)")
        // No zone on the board: the browser's own, said as such; the title keeps UTC.
        let p = try #require(try judge(plain, [.viewport(1400, 1000), .eval(Self.clockProbe)]).results.first as? [String: String])
        #expect(p["title"] == "2026-06-14 07:30:00 UTC" && p["zone"]?.hasSuffix("(this computer)") == true, "\(p)")
        #expect(p["text"]?.hasPrefix("Sunday 14 June 2026, ") == true || p["text"]?.hasPrefix("Monday 15 June 2026, ") == true
                || p["text"]?.hasPrefix("Saturday 13 June 2026, ") == true, "\(p)")
    }
}
