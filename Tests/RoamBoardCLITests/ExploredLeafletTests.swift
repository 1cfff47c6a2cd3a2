import Foundation
import RoamTestSupport
import Testing

/// The explored page on Leaflet (Debian's libjs-leaflet inlined), in real headless Chromium:
/// rides on three continents open on the largest group of explored ground, not as three specks;
/// "Fit all rides" shows all three; a wheel notch zooms by Leaflet's own step; nothing is fetched.
@Suite(.serialized, .needs(ViewLeaflet.isInstalled && PageJudge.isAvailable,
                      "Debian's libjs-leaflet, headless Chromium or ROAM_PYTHON missing: run ./scripts/test"))
struct ExploredLeafletTests {
    static let freiburg = (lat: 47.99, lon: 7.84), sydney = (lat: -33.87, lon: 151.2), newYork = (lat: 40.71, lon: -74.0)

    @Test func threeContinentsOpenOnTheLargestGroupAndFitAllShowsEveryRide() throws {
        let line = { (p: (lat: Double, lon: Double), bearing: Double) in ExploredHistory.line(from: p, bearingDeg: bearing, metres: 4_000) }
        // Freiburg has two rides (the most ground); Sydney and New York one each.
        let h = try ExploredHistory.make([line(Self.freiburg, 90), line(Self.freiburg, 0), line(Self.sydney, 45), line(Self.newYork, 180)])
        defer { h.remove() }
        let page = h.directory.appendingPathComponent("explored.html")
        let r = try ViewLeaflet.run(["view", "--explored", "--db", h.dbPath, "-o", page.path])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.status): \(r.stderr)")
        func inView(_ p: (lat: Double, lon: Double)) -> String { "explored.leaflet.map.getBounds().contains([\(p.lat), \(p.lon)])" }
        let state = """
            JSON.stringify({ leaflet: !!explored.leaflet, groups: explored.leaflet.groups, zoom: explored.leaflet.map.getZoom(),
              shown: explored.leaflet.shown, n: explored.counts[explored.leaflet.shown.precision],
              freiburg: \(inView(Self.freiburg)), sydney: \(inView(Self.sydney)), newYork: \(inView(Self.newYork)),
              status: document.getElementById("map-status").textContent,
              canvasShown: getComputedStyle(document.getElementById("map")).display !== "none" })
            """
        let zoomed = """
            new Promise(function (done) { var t0 = Date.now(); (function poll() {
              if (explored.leaflet.map.getZoom() !== window.zoomAtLoad || Date.now() - t0 > 60000) done(explored.leaflet.map.getZoom());
              else setTimeout(poll, 50); })(); })
            """
        let v = try PageJudge.run(page: page, steps: [.viewport(1200, 800), .eval(state),
            .screenshot("explored-leaflet-largest.png"),
            .eval("window.zoomAtLoad = explored.leaflet.map.getZoom()"), .wheel(600, 400, -100), .eval(zoomed),
            .eval("document.getElementById('fit').click(), 0"), .wait(ms: 500), .eval(state),
            .screenshot("explored-leaflet-all.png")])
        #expect(v.errors.isEmpty, "\(v.errors)")
        #expect(v.requests.isEmpty, "the page asked for \(v.requests)")
        let first = try #require(try ExploredPageTests.parse(v.results[0]) as? [String: Any])
        #expect(first["leaflet"] as? Bool == true && first["canvasShown"] as? Bool == false && first["groups"] as? Int == 3, "\(first)")
        #expect(first["freiburg"] as? Bool == true && first["sydney"] as? Bool == false && first["newYork"] as? Bool == false,
                "the first view is the largest group: \(first)")
        let shown = try #require(first["shown"] as? [String: Any])
        let cells = shown["cells"] as? Int ?? 0, n = first["n"] as? Int ?? 0
        #expect(cells > 20 && cells < n, "Freiburg's cells fill the view, the others are elsewhere: \(first)")
        #expect((first["status"] as? String ?? "").contains("\(cells) of \(n) cells in view"), "\(first)")
        let z0 = try #require(first["zoom"] as? Double), z1 = try #require(v.results[2] as? Double)
        #expect(z1 > z0 && z1 - z0 <= 2, "a wheel notch zooms in by Leaflet's step: \(z0) → \(z1)")
        let all = try #require(try ExploredPageTests.parse(v.results[4]) as? [String: Any])
        #expect(all["freiburg"] as? Bool == true && all["sydney"] as? Bool == true && all["newYork"] as? Bool == true, "\(all)")
    }
}
