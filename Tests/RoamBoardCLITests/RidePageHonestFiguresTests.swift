import Foundation
import RoamTestSupport
import Testing

/// No figure on a ride's page or in `show` reads as measured when it was not (P4), and the page
/// says one thing of one figure: a track file's derived speed is charted and coloured by the span
/// speed its maximum is taken over; a receiver that sent no speed gives no maximum of 0; a ride of
/// one position draws no profile, no speed chart and no scale bar.
@Suite struct RidePageHonestFiguresTests {
    /// `import`s each GPX text, then `show` and `view` of the last ride: show's output and the page.
    static func imported(_ gpx: String, in dir: URL) throws -> (show: String, page: String, url: URL) {
        let db = dir.appendingPathComponent("rides.db").path
        let file = dir.appendingPathComponent("ride.gpx")
        try gpx.write(to: file, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", "--db", db, file.path])
        try #require(imported.status == 0, "\(imported.stderr)")
        return try shown(db: db, in: dir)
    }

    static func shown(db: String, in dir: URL) throws -> (show: String, page: String, url: URL) {
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        let url = dir.appendingPathComponent("ride.html")
        let view = try CLIRunner.run(["view", "--db", db, "--ride", "1", "-o", url.path, "--force"])
        try #require(show.status == 0 && view.status == 0, "\(show.stderr)\(view.stderr)")
        return (show.stdout, try String(contentsOf: url, encoding: .utf8), url)
    }

    /// The first `data-si` after `marker` in `html`.
    static func si(after marker: String, in html: String) throws -> String {
        let at = try #require(html.range(of: marker), "no \(marker) in the page")
        let open = try #require(html.range(of: "data-si=\"", range: at.upperBound..<html.endIndex))
        let close = try #require(html[open.upperBound...].firstIndex(of: "\""))
        return String(html[open.upperBound..<close])
    }

    /// The figure `id` of the page, whole.
    static func figure(_ id: String, in html: String) throws -> String {
        let at = try #require(html.range(of: "id=\"\(id)\""), "no figure \(id)")
        let start = try #require(html[..<at.lowerBound].range(of: "<figure", options: .backwards))
        let end = try #require(html.range(of: "</figure>", range: at.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func aTrackFilesSpeedIsChartedAndColouredByTheSpanItsMaximumIsTakenOver() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 10 min north at 2.2 m/s (7.9 km/h), a point every 10 s; one point stamped 9 s late, as a
        // logger's can be: the step after it is 22 m in 1 s (79 km/h), which no stretch of 7 s is.
        var body = ""
        for i in 0...60 {
            let t = i * 10 + (i == 30 ? 9 : 0)
            body += "<trkpt lat=\"\(String(format: "%.7f", 47.0 + 22.0 * Double(i) / 111_195))\" lon=\"8.0\"><ele>400</ele>"
                + "<time>2022-05-01T08:\(String(format: "%02d", t / 60)):\(String(format: "%02d", t % 60))Z</time></trkpt>\n"
        }
        let out = try Self.imported(ReplayInputTests.gpx(body), in: dir)
        let tile = try Self.si(after: "<th>Maximum speed</th>", in: out.page)
        #expect(abs((Double(tile) ?? 0) - 2.2) < 0.05, "the tile's maximum is the 7 s span's: \(tile) m/s")
        for id in ["chart-speed-distance", "chart-speed-time"] {
            let chart = try Self.figure(id, in: out.page)
            #expect(try Self.si(after: " · max ", in: chart) == tile, "\(id)'s max is the tile's")
        }
        // Bands 10, 20, 30, 40 km/h: a ride at 7.9 km/h is drawn in the first, never the fastest.
        let map = try #require(out.page.range(of: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\"").map { String(out.page[$0.lowerBound...]) })
        for band in 1...4 { #expect(!map.contains("class=\"band band-\(band)\""), "a stretch drawn in band \(band)") }
        #expect(map.contains("class=\"band band-0\""))
    }

    @Test func anImportedTracksSpeedSaysTheFilesOwnIsNotRead() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.imported(ImportCommandTests.gpx(40), in: dir)
        // A FIT file's records carry speed: "the file carried no measured speed" was untrue of every FIT import.
        #expect(!out.page.contains("carried no measured speed"))
        #expect(out.page.contains("is derived from the track file&apos;s positions and times: roam-board reads no speed from a track file "
                                  + "(a FIT file&apos;s own is lost in GPSBabel&apos;s conversion to GPX)."), "\(out.page)")
    }

    @Test func aReceiverThatSentNoSpeedHasNoMaximumSpeed() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A real capture that moves, without its RMC and VTG: every fix's speed is NULL.
        let capture = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Tests/Data/gpsd/haicom-305N.log"), encoding: .utf8)
        let file = dir.appendingPathComponent("no-speed.nmea")
        try capture.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("RMC,") && !$0.contains("VTG,") }.joined(separator: "\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet", "--replay", file.path])
        try #require(rec.status == 0, "\(rec.stderr)")
        let out = try Self.shown(db: db, in: dir)
        #expect(out.show.contains("  max speed   unavailable (the receiver sent no speed)\n"), "\(out.show)")
        #expect(out.page.contains("<th>Maximum speed</th><td>unavailable (the receiver sent no speed)</td>"))
        let unmeasured = try #require(out.page.range(of: "<h3>Not measured on this ride</h3>").map { String(out.page[$0.upperBound...].prefix(while: { $0 != "\n" })) })
        #expect(unmeasured.contains("<li>No speed: the receiver sent none"), "\(unmeasured)")
    }

    static let onePoint = ReplayInputTests.gpx("<trkpt lat=\"47.9\" lon=\"8.1\"><ele>880</ele><time>2020-10-25T09:54:06Z</time></trkpt>")

    @Test func aRideOfOnePositionDrawsNoProfileAndNoSpeedChart() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.imported(Self.onePoint, in: dir)
        #expect(out.page.contains("there is no track, distance or profile to draw"))
        for id in ["elevation-distance", "elevation-time", "speed-distance", "speed-time"] {
            let chart = try Self.figure("chart-" + id, in: out.page)
            #expect(!chart.contains("<svg") && chart.contains("class=\"empty\">One position only: no profile to draw</p>"), "\(chart)")
        }
    }

    @Test(.needs(ViewLeaflet.isInstalled && PageJudge.isAvailable, "Debian's libjs-leaflet, headless Chromium or ROAM_PYTHON missing: run ./scripts/test"))
    func aRideOfOnePositionHasNoScaleBarOnItsLeafletMap() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.imported(Self.onePoint, in: dir)
        let seen = try PageJudge.run(page: out.url, steps: [.viewport(1280, 900), .eval(
            "[!!window.RoamRideMap, document.querySelectorAll('#ride-leaflet .leaflet-control-scale').length]")])
        #expect(seen.errors.isEmpty, "\(seen.errors)")
        let found = seen.results.first as? [Any] ?? []
        #expect(found.first as? Bool == true && found.last as? Int == 0, "the map, and no scale bar: \(seen.results)")
    }
}
