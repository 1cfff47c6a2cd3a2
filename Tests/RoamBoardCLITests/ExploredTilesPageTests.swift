import Foundation
import RoamTestSupport
import Testing

/// The explored page's explorer tiles in real headless Chromium, on the Leaflet map and on the
/// canvas map it falls back to: each zoom's layer and the cluster and square switch on and off;
/// with every tile in view the page draws as many tile rectangles as `explored --tiles --summary`
/// counts, marks as many cluster tiles as its max cluster, and the max square's outline is as many
/// tiles wide as its max square; the scores table says the same; nothing is fetched.
@Suite(.serialized, .needs(PageJudge.isAvailable, PageJudge.skipReason))
struct ExploredTilesPageTests {
    /// zoom -> [tiles, max square, max cluster], from the summary's zoom table.
    static func summaryScores(_ db: String) throws -> [Int: [Int]] {
        let r = try CLIRunner.run(["explored", "--db", db, "--tiles", "--summary"])
        #expect(r.status == 0, "\(r.stderr)")
        var table: [Int: [Int]] = [:]
        for line in r.stdout.split(separator: "\n") {
            let words = line.split(separator: " ").compactMap { Int($0) }
            if words.count == 4, [14, 17].contains(words[0]) { table[words[0]] = Array(words.dropFirst()) }
        }
        return table
    }

    @Test(.needs(ViewLeaflet.isInstalled, ViewLeaflet.skipReason))
    func onTheLeafletMap() throws { try layersSwitchAndDrawWhatTheStoreCounts(leaflet: true) }

    @Test func onTheCanvasMap() throws { try layersSwitchAndDrawWhatTheStoreCounts(leaflet: false) }

    private func layersSwitchAndDrawWhatTheStoreCounts(leaflet: Bool) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path, page = dir.appendingPathComponent("explored.html")
        // A synthetic history with a max square and a max cluster at both zooms (6 rides, 10 000 cells).
        let made = try CLIRunner.run(["bench-explored", "--cells", "10000", "--db", db])
        #expect(made.status == 0, "\(made.stderr)")
        let scores = try Self.summaryScores(db)
        let z14 = try #require(scores[14]), z17 = try #require(scores[17])
        #expect(z14[1] > 1 && z14[2] > 0 && z17[1] > 1 && z17[2] > 0, "the history has squares and clusters: \(scores)")

        let empty = dir.appendingPathComponent("no-leaflet")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let r = try ViewLeaflet.run(["view", "--explored", "--db", db, "-o", page.path],
                                    environment: leaflet ? [:] : ["ROAM_LEAFLET_DIR": empty.path])
        #expect(r.status == 0, "\(r.stderr)")
        // Every tile in view, then one synchronous redraw, so `drawn` is this frame's.
        let fitAndDraw = leaflet
            ? "explored.leaflet.map.fitBounds(explored.leaflet.all, { animate: false, padding: [20, 20] }); explored.leaflet.redraw()"
            : "document.getElementById('fit').click(); explored.redraw()"
        let drawn = "(function () { \(fitAndDraw); return JSON.stringify({ leaflet: !!explored.leaflet, drawn: RoamExplorerTiles.drawn }); })()"
        func click(_ ids: [String]) -> PageStep { .eval(ids.map { "document.getElementById('\($0)').click()" }.joined(separator: "; ") + "; 0") }
        let table = """
            JSON.stringify(Array.from(document.querySelectorAll('table.tile-scores tr[data-zoom]')).map(function (tr) {
              return [tr.getAttribute('data-zoom'), tr.querySelector('.tiles').textContent, tr.querySelector('.max-square').textContent,
                      tr.querySelector('.max-cluster').textContent].map(Number); }))
            """
        let v = try PageJudge.run(page: page, steps: [.viewport(1200, 800), .eval(drawn), .eval(table),
            click(["tiles-14", "tiles-17"]), .eval(drawn),
            .screenshot("explored-tiles-\(leaflet ? "leaflet" : "canvas").png"),
            click(["tiles-17", "tiles-cluster"]), .eval(drawn), click(["tiles-square"]), .eval(drawn)])
        #expect(v.errors.isEmpty, "\(v.errors)")
        #expect(v.requests.isEmpty, "the page asked for \(v.requests)")
        func frame(_ i: Int) throws -> [String: Any] {
            let o = try #require(try ExploredPageTests.parse(v.results[i]) as? [String: Any])
            #expect(o["leaflet"] as? Bool == leaflet, "\(o)")
            return try #require(o["drawn"] as? [String: Any])
        }
        let atLoad = try frame(0)
        #expect(atLoad["14"] is NSNull && atLoad["17"] is NSNull, "tiles are off until switched on: \(atLoad)")
        let rows = try #require(try ExploredPageTests.parse(v.results[1]) as? [[Int]])
        #expect(rows == [[14] + z14, [17] + z17], "the scores table is the summary's")

        let both = try frame(3)
        for (zoom, expected) in [(14, z14), (17, z17)] {
            let d = try #require(both["\(zoom)"] as? [String: Any], "zoom \(zoom) is on: \(both)")
            #expect(d["tiles"] as? Int == expected[0], "zoom \(zoom): drawn tile rectangles vs the store's count \(expected[0]): \(d)")
            #expect(d["cluster"] as? Int == expected[2], "zoom \(zoom): marked cluster tiles vs max cluster \(expected[2]): \(d)")
            let square = try #require(d["square"] as? [String: Any], "zoom \(zoom): the max square is outlined: \(d)")
            #expect(square["side"] as? Int == expected[1])
            let px = try #require(square["px"] as? [Double]), tilePx = try #require(square["tilePx"] as? Double)
            #expect(tilePx > 0 && abs(px[0] / tilePx - Double(expected[1])) < 0.01,
                    "zoom \(zoom): the outline is \(px[0]) px wide, one tile \(tilePx) px: \(expected[1]) tiles expected")
        }
        let only14 = try frame(5)
        #expect(only14["17"] is NSNull, "zoom 17 switched off: \(only14)")
        let z14Frame = try #require(only14["14"] as? [String: Any])
        #expect(z14Frame["tiles"] as? Int == z14[0] && z14Frame["cluster"] as? Int == 0 && !(z14Frame["square"] is NSNull),
                "cluster switched off, square still on: \(z14Frame)")
        let noSquare = try #require(try frame(7)["14"] as? [String: Any])
        #expect(noSquare["square"] is NSNull && noSquare["tiles"] as? Int == z14[0], "square switched off: \(noSquare)")
    }
}
