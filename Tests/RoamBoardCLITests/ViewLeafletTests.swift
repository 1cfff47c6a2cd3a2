import Foundation
import RoamTestSupport
import Testing

/// The ride page's Leaflet map: Leaflet is the installed Debian package's, inlined; without the
/// package the page keeps its static map and `view` says what to install; `--tiles` is checked;
/// in Chromium the map zooms, nothing is fetched until the base map is asked for, and then the
/// tiles are asked of the template and their failure is said on the page; a ride over the
/// antimeridian is fitted as the short ride it is.
@Suite(.serialized) struct ViewLeafletTests {
    private func ride() throws -> (dir: URL, db: String) {
        let dir = try CLIRunner.temporaryDirectory()
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        guard r.status == 0 else { throw TrialSetupError(message: "record exited \(r.status): \(r.stderr)") }
        return (dir, db)
    }

    private func view(_ db: String, _ out: URL, _ extra: [String] = [], environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let r = try ViewLeaflet.run(["view", "--db", db, "--ride", "1", "--out", out.path, "--force"] + extra, environment: environment)
        return (r.status, r.stderr, (try? String(contentsOf: out, encoding: .utf8)) ?? "")
    }

    @Test(.needs(ViewLeaflet.isInstalled, ViewLeaflet.skipReason))
    func leafletIsTheInstalledPackagesOwnCodeInlined() throws {
        let (dir, db) = try ride()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (status, stderr, html) = try view(db, dir.appendingPathComponent("ride.html"))
        #expect(status == 0 && stderr.isEmpty, "\(status): \(stderr)")
        let start = try #require(html.range(of: "<script id=\"leaflet-js\">//<![CDATA[\n"))
        let end = try #require(html.range(of: "\n//]]></script>", range: start.upperBound..<html.endIndex))
        let name = FileManager.default.fileExists(atPath: ViewLeaflet.folder + "/leaflet.min.js") ? "leaflet.min.js" : "leaflet.js"
        let file = try String(contentsOfFile: ViewLeaflet.folder + "/" + name, encoding: .utf8)
        let expected = file.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("//# sourceMappingURL=") }.joined(separator: "\n")
        #expect(String(html[start.upperBound..<end.lowerBound]) == expected, "the page's Leaflet is not \(name) of the package")
        #expect(html.contains("data-tiles=\"https://tile.openstreetmap.org/{z}/{x}/{y}.png\""))
    }

    @Test func withoutThePackageThePageKeepsItsStaticMapAndViewSaysWhatToInstall() throws {
        let (dir, db) = try ride()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("no-leaflet")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let (status, stderr, html) = try view(db, dir.appendingPathComponent("ride.html"), environment: ["ROAM_LEAFLET_DIR": empty.path])
        #expect(status == 0, "the page is still whole: \(stderr)")
        #expect(stderr == "view: the map cannot zoom without Debian's libjs-leaflet (apt install libjs-leaflet); the page has the static map\n")
        #expect(!html.contains("leaflet") && html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\""))
        #expect(html.contains("<script id=\"replay-ui\">"))
    }

    /// A Leaflet file that is there but cannot be read (here a folder where the script belongs: EISDIR;
    /// EACCES and EIO go the same way) is said as unreadable, by path and why, not as a missing package.
    @Test func anUnreadableLeafletFileIsSaidAsUnreadableNotMissing() throws {
        let (dir, db) = try ride()
        defer { try? FileManager.default.removeItem(at: dir) }
        let leaflet = dir.appendingPathComponent("leaflet")
        try FileManager.default.createDirectory(at: leaflet.appendingPathComponent("leaflet.min.js"), withIntermediateDirectories: true)
        try "".write(to: leaflet.appendingPathComponent("leaflet.css"), atomically: true, encoding: .utf8)
        let (status, stderr, html) = try view(db, dir.appendingPathComponent("ride.html"), environment: ["ROAM_LEAFLET_DIR": leaflet.path])
        #expect(status == 0, "the page is still whole: \(stderr)")
        #expect(!stderr.contains("apt install libjs-leaflet"), "\(stderr)")
        #expect(stderr.contains("cannot read \(leaflet.path)/leaflet.min.js: it is a folder, not a file"), "\(stderr)")
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\""))
    }

    @Test func theTileTemplateMustNameTheTile() throws {
        let (dir, db) = try ride()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("ride.html")
        for bad in ["https://tiles.example/{z}/{x}.png", "tiles"] {
            let (status, stderr, _) = try view(db, out, ["--tiles", bad])
            #expect(status == 64, "\(bad): \(status)")
            #expect(stderr.contains("--tiles: the tile URL template \"\(bad)\" lacks"), "\(bad): \(stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path), "a refused template writes no page")
        let explored = try ViewLeaflet.run(["view", "--db", db, "--explored", "--tiles", "https://t/{z}/{x}.png", "--out", out.path])
        #expect(explored.status == 64 && explored.stderr.contains("--tiles: the tile URL template"), "\(explored)")
        let (status, _, html) = try view(db, out, ["--tiles", "file:///srv/tiles/{z}/{x}/{y}.png"])
        #expect(status == 0)
        if ViewLeaflet.isInstalled { #expect(html.contains("data-tiles=\"file:///srv/tiles/{z}/{x}/{y}.png\"")) }
    }

    /// Waits (on the page's own state, 60 s at most) until `condition` holds, then gives `value`.
    static func when(_ condition: String, _ value: String) -> String {
        """
        new Promise(function (done) { var t0 = Date.now(); (function poll() {
          if ((\(condition)) || Date.now() - t0 > 60000) done(\(value)); else setTimeout(poll, 50); })(); })
        """
    }

    /// 200 points from 179.99° eastwards by 0.0001° (2.1 km): Leaflet fits a street's worth of map,
    /// not the whole world a line from 179.99 back to -179.99 would span.
    @Test(.needs(ViewLeaflet.isInstalled && PageJudge.isAvailable, "Debian's libjs-leaflet, headless Chromium or ROAM_PYTHON missing: run ./scripts/test"))
    func aRideOverTheAntimeridianIsFittedAsTheShortRideItIs() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let points = (0..<200).map { i -> String in
            let east = 179.99 + 0.0001 * Double(i)
            return "<trkpt lat=\"-16.8\" lon=\"\(east >= 180 ? east - 360 : east)\"><time>2026-06-14T10:0\(i / 60):\(i % 60 < 10 ? "0" : "")\(i % 60)Z</time></trkpt>"
        }
        let gpx = dir.appendingPathComponent("antimeridian.gpx"), db = dir.appendingPathComponent("rides.db").path
        try ("<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>" + points.joined()
             + "</trkseg></trk></gpx>").write(to: gpx, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", "--db", db, gpx.path])
        try #require(imported.status == 0, "\(imported.stderr)")
        let page = dir.appendingPathComponent("ride.html")
        #expect(try view(db, page).0 == 0)
        let seen = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval(
            "(function () { var m = RoamRideMap.map, b = m.getBounds(); return [m.getZoom(), b.getEast() - b.getWest()]; })()")])
        #expect(seen.errors.isEmpty, "\(seen.errors)")
        let fit = seen.results.first as? [Double] ?? []
        #expect(fit.count == 2 && fit[0] >= 14 && fit[1] < 0.1, "zoom and degrees east-west: \(fit)")
    }

    @Test(.needs(ViewLeaflet.isInstalled && PageJudge.isAvailable, "Debian's libjs-leaflet, headless Chromium or ROAM_PYTHON missing: run ./scripts/test"))
    func theMapZoomsAndFetchesNothingUntilTheBaseMapIsAsked() throws {
        let (dir, db) = try ride()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("ride.html")
        // Port 9 (discard) on this machine: nothing answers, as for a rider without a network.
        let template = "http://127.0.0.1:9/{z}/{x}/{y}.png"
        #expect(try view(db, page, ["--tiles", template]).0 == 0)
        let state = """
            (function () { var m = RoamRideMap, b = document.getElementById("ride-leaflet").getBoundingClientRect();
              window.zoomAtLoad = m.map.getZoom();
              return { zoom: m.map.getZoom(), w: b.width, h: b.height, tracks: document.querySelectorAll("#ride-leaflet path.track").length,
                       labels: Array.prototype.map.call(document.querySelectorAll(".leaflet-tooltip.maplabel"), function (n) { return n.textContent; }),
                       fits: m.map.getBounds().contains(m.bounds), base: m.base.isOn() }; })()
            """
        let untouched = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval(state), .wheel(380, 500, -400),
                                                             .eval(Self.when("RoamRideMap.map.getZoom() !== window.zoomAtLoad", "RoamRideMap.map.getZoom()")),
                                                             .eval("document.getElementById('show-flagged').click(), [document.querySelectorAll('#ride-leaflet path.flag').length, document.querySelectorAll('svg.map circle.flag').length]")])
        #expect(untouched.errors.isEmpty, "\(untouched.errors)")
        #expect(untouched.requests.isEmpty, "nothing asked before the base map is: \(untouched.requests)")
        let s = try #require(untouched.results.first as? [String: Any])
        let zoom = try #require(s["zoom"] as? Double), zoomed = try #require(untouched.results[1] as? Double)
        #expect((s["w"] as? Double ?? 0) > 600 && (s["h"] as? Double ?? 0) > 600 && (s["tracks"] as? Int ?? 0) > 2, "\(s)")
        #expect(s["fits"] as? Bool == true && s["base"] as? Bool == false, "\(s)")
        let labels = s["labels"] as? [String] ?? []
        #expect(labels.contains("Start") && labels.contains("Finish") && labels.contains("stop 4 min") && labels.contains { $0.hasPrefix("gap: ") }, "\(labels)")
        #expect(zoomed > zoom, "a wheel notch zooms in: \(zoom) → \(zoomed)")
        let flags = untouched.results[2] as? [Int] ?? []
        #expect(flags.count == 2 && flags[0] > 0 && flags[0] == flags[1], "the checkbox shows the flagged sample on the Leaflet map too: \(flags)")

        let asked = try PageJudge.run(page: page, steps: [.viewport(1400, 1000),
            .eval("document.querySelector('.basemap-toggle').textContent"),
            .eval("document.querySelector('.basemap-toggle').click(), 0"),
            .eval(Self.when("!document.querySelector('.basemap-note').hidden", "document.querySelector('.basemap-note').textContent")),
            .eval("document.querySelector('.leaflet-control-attribution').textContent"),
            .eval("RoamRideMap.map.getZoom()"),
            .screenshot("leaflet-base-map-failed.png")])
        #expect(asked.results.first as? String == "Base map: 127.0.0.1:9 (loads tiles from the internet)")
        let note = asked.results[2] as? String ?? ""
        #expect(note.contains("could not load") && note.contains("works without them"), "\(note)")
        #expect((asked.results[3] as? String ?? "").contains("© OpenStreetMap contributors"))
        let tiles = asked.requests.filter { $0.range(of: #"^http://127\.0\.0\.1:9/[0-9]+/[0-9]+/[0-9]+\.png$"#, options: .regularExpression) != nil }
        #expect(!tiles.isEmpty && tiles.count == asked.requests.count, "only the template's tiles: \(asked.requests)")
        #expect(asked.exceptions.isEmpty, "\(asked.exceptions)")
    }
}
