import Foundation
import RoamTestSupport
import Testing

/// The Leaflet map of a ride with many gaps opens: past 100 stop and gap labels they show on hover
/// or touch instead of all at once (a page of 1 000 gaps took 13 s to open in Chromium, of 3 000
/// over two minutes); every marker is still drawn, start and finish keep their labels.
@Suite struct ViewLeafletLabelTests {
    /// 150 stretches of 8 points a second apart, each a minute's hole (and 400 m) after the last.
    static func gpx(stretches: Int) -> String {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
        var t = 0, lat = 47.0
        for _ in 0..<stretches {
            for _ in 0..<8 {
                lat += 6e-5; t += 1
                let clock = [t / 3600, t / 60 % 60, t % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
                s += "<trkpt lat=\"\(lat)\" lon=\"8.0\"><ele>400</ele><time>2022-05-01T\(clock)Z</time></trkpt>\n"
            }
            t += 60; lat += 60 * 6e-5
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    @Test(.needs(ViewLeaflet.isInstalled && PageJudge.isAvailable, "Debian's libjs-leaflet, headless Chromium or ROAM_PYTHON missing: run ./scripts/test"))
    func manyGapsKeepTheirMarkersAndShowTheirLabelsOnHover() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path, track = dir.appendingPathComponent("gaps.gpx")
        try Self.gpx(stretches: 150).write(to: track, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", "--db", db, track.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let page = dir.appendingPathComponent("ride.html")
        let view = try ViewLeaflet.run(["view", "--db", db, "--ride", "1", "--out", page.path])
        #expect(view.status == 0, "\(view.stderr)")
        let verdict = try PageJudge.run(page: page, steps: [.viewport(1400, 1000), .eval("""
            [Array.prototype.map.call(document.querySelectorAll(".leaflet-tooltip.maplabel"), function (n) { return n.textContent; }).sort(),
             document.querySelectorAll("#ride-leaflet path.gap").length]
            """)])
        #expect(verdict.exceptions.isEmpty, "\(verdict.exceptions)")
        let result = try #require(verdict.results.first as? [Any])
        #expect(result.first as? [String] == ["Finish", "Start"], "only start and finish are labelled at once: \(result)")
        #expect(result.last as? Int == 2 * 149, "both ends of every gap are drawn: \(result)")
    }
}
