import Foundation
import RoamTestSupport
import Testing
import RoamCore

/// `view --explored` end to end: a history written through the store, the page written by the
/// binary, opened in real headless Chromium (`PageJudge`), its decoded state and its pixels
/// compared with what `explored` lists from the same database. These judge the canvas map, which a
/// page without Debian's libjs-leaflet draws (ROAM_LEAFLET_DIR names an empty place); the Leaflet
/// map is ExploredLeafletTests'.
@Suite(.serialized) struct ExploredPageTests {
    static let lit = [242, 193, 78], fresh = [62, 224, 208]  // ExploredPageStyle.lit / .new

    /// Ride 1 east then north out of Freiburg; ride 2 starts in new ground and comes south across
    /// ride 1's first leg, so it has cells of its own and cells ride 1 found first.
    static func freiburg() throws -> ExploredHistory {
        let east = ExploredHistory.line(from: (47.99, 7.84), bearingDeg: 90, metres: 3_000)
        let north = ExploredHistory.line(from: east.last!!, bearingDeg: 0, metres: 2_000)
        let south = ExploredHistory.line(from: (48.03, 7.86), bearingDeg: 180, metres: 5_500)
        return try ExploredHistory.make([east + [nil, nil] + north, south])
    }

    /// A step's value that the page returned as JSON text.
    static func parse(_ result: Any) throws -> Any {
        guard let text = result as? String else { throw JudgeFailure(description: "expected JSON text from the page, got \(result)") }
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// Writes the history's page and returns the value of one JSON-returning expression evaluated
    /// in it, once no console error or outside request was seen.
    static func probePage(of h: ExploredHistory, _ probe: String) throws -> [String: Any] {
        let page = h.directory.appendingPathComponent("explored.html")
        let r = try canvasPage(h, ["-o", page.path])
        guard r.status == 0 else { throw JudgeFailure(description: "view --explored failed: \(r.stderr)") }
        let v = try PageJudge.run(page: page, steps: [.viewport(1000, 700), .eval(probe)])
        #expect(v.errors.isEmpty, "\(v.errors)")
        #expect(v.requests.isEmpty, "the page asked for \(v.requests)")
        return try #require(try parse(v.results[0]) as? [String: Any])
    }

    /// `view --explored` as on a machine without libjs-leaflet: the canvas map.
    static func canvasPage(_ h: ExploredHistory, _ extra: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try ViewLeaflet.run(["view", "--explored", "--db", h.dbPath] + extra,
                            environment: ["ROAM_LEAFLET_DIR": h.directory.appendingPathComponent("no-leaflet").path])
    }

    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func pageHoldsTheDatabasesCellsMarksARideAndZoomsByPrecision() throws {
        let h = try Self.freiburg()
        defer { h.remove() }
        let page = h.directory.appendingPathComponent("explored.html")
        let r = try Self.canvasPage(h, ["--ride", "2", "-o", page.path])
        #expect(r.status == 0, "\(r.stderr)")
        let db = try [5, 6, 7].map { try h.cells(precision: $0) }
        let fresh7 = try #require(db[2].first { $0.ride == "2" }?.cell), old7 = try #require(db[2].first { $0.ride == "1" }?.cell)
        let state = """
            JSON.stringify({counts: explored.counts, markedCounts: explored.marked, cells7: explored.cells(7),
              marked: [5, 6, 7].map(p => explored.markedCells(p)), p: explored.view.precision, drawn: explored.drawn,
              table: Array.from(document.querySelectorAll('td.cells')).map(td => [+td.dataset.precision, +td.textContent])})
            """
        let toggle = "(() => { document.getElementById('show-tracks').click(); explored.redraw(); return explored.drawn.segments; })()"
        let pixels = "JSON.stringify([explored.pixelAt('\(fresh7)'), explored.pixelAt('\(old7)')])"
        let gestures = """
            (() => { const c = document.getElementById('map'), r = c.getBoundingClientRect(), s0 = explored.view.s;
              const ev = (type, id, x, y) => c.dispatchEvent(new PointerEvent(type, {pointerId: id, clientX: r.left + x,
                clientY: r.top + y, bubbles: true, pointerType: 'touch', isPrimary: id === 1}));
              ev('pointerdown', 1, 500, 300); ev('pointerdown', 2, 700, 300);
              ev('pointermove', 1, 400, 300); ev('pointermove', 2, 800, 300);
              ev('pointerup', 1, 400, 300); ev('pointerup', 2, 800, 300);
              const s1 = explored.view.s, ox0 = explored.view.ox;
              ev('pointerdown', 5, 300, 300); ev('pointermove', 5, 360, 320); ev('pointerup', 5, 360, 320);
              return [s1 / s0, explored.view.ox - ox0]; })()
            """
        var steps: [PageStep] = [.viewport(1200, 800), .eval(state), .eval(toggle), .eval(pixels), .eval(toggle),
                                 .wait(ms: 200), .screenshot("explored-fit.png")]
        steps += [.wheel(600, 300, 600), .wait(ms: 300), .eval("explored.view.precision"),
                  .screenshot("explored-p6.png")]
        steps += Array(repeating: PageStep.wheel(600, 300, 600), count: 3)
        steps += [.wait(ms: 300), .eval("explored.view.precision"), .screenshot("explored-out.png")]
        steps += Array(repeating: PageStep.wheel(600, 300, -600), count: 4)
        steps += [.wait(ms: 300), .eval("explored.view.precision"), .eval(gestures)]
        let v = try PageJudge.run(page: page, steps: steps)
        #expect(v.errors.isEmpty, "\(v.errors)")
        #expect(v.requests.isEmpty, "the page asked for \(v.requests)")
        let s = try #require(try Self.parse(v.results[0]) as? [String: Any])
        let counts = try #require(s["counts"] as? [String: Int])
        for (i, p) in [5, 6, 7].enumerated() {
            #expect(counts["\(p)"] == db[i].count, "cells at precision \(p)")
            let marked = try #require((s["marked"] as? [[String]])?[i])
            #expect(marked == db[i].filter { $0.ride == "2" }.map(\.cell), "cells ride 2 visited first at precision \(p)")
        }
        #expect(s["cells7"] as? [String] == db[2].map(\.cell), "the page decodes exactly the stored cells")
        let table = try #require(s["table"] as? [[Int]])
        #expect(table.map { $0[1] } == [db[2].count, db[1].count, db[0].count])
        #expect(s["p"] as? Int == 7, "fitted to two rides of a few km, cells are drawn at precision 7")
        #expect((s["drawn"] as? [String: Any])?["cells"] as? Int == db[2].count, "every cell in view after fitting")
        #expect(v.results[1] as? Int == 0, "tracks off: no segment drawn")
        let colours = try #require(try Self.parse(v.results[2]) as? [[Int]])
        #expect(colours == [Self.fresh, Self.lit], "\(fresh7) marked as ride 2's, \(old7) lit as visited")
        #expect((v.results[3] as? Int ?? 0) > 0, "tracks on again")
        #expect(v.results[4] as? Int == 6, "one wheel step out: precision 6")
        #expect(v.results[5] as? Int == 5, "three more: precision 5")
        #expect(v.results[6] as? Int == 7, "zoomed back in: precision 7")
        let g = try #require(v.results[7] as? [Double])
        #expect(abs(g[0] - 2) < 1e-9, "a pinch spreading two fingers from 200 to 400 px doubles the scale")
        #expect(abs(g[1] - 60) < 1e-9, "a drag of 60 px pans 60 px")
    }

    /// A ride over the antimeridian near Fiji: its cells both sides of ±180° sit side by side at
    /// precision 7, not at the two ends of the world.
    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func antimeridianCellsSitSideBySide() throws {
        let ride = ExploredHistory.line(from: (-17.5, 179.98), bearingDeg: 90, metres: 4_000)
        let h = try ExploredHistory.make([ride])
        defer { h.remove() }
        let cells = try h.cells(precision: 7).map(\.cell)
        let west = try #require(cells.filter { Geohash.bounds($0)!.lon.upperBound == 180 }.first)
        let east = try #require(cells.first { c in
            let b = Geohash.bounds(c)!, w = Geohash.bounds(west)!
            return b.lon.lowerBound == -180 && b.lat == w.lat
        })
        let probe = "JSON.stringify({p: explored.view.precision, drawn: explored.drawn.cells, n: explored.counts[7], "
            + "w: explored.box('\(west)'), e: explored.box('\(east)'), bw: explored.bounds('\(west)'), be: explored.bounds('\(east)')})"
        let s = try Self.probePage(of: h, probe)
        #expect(s["p"] as? Int == 7 && s["drawn"] as? Int == cells.count && s["n"] as? Int == cells.count)
        let w = try #require(s["w"] as? [Double]), e = try #require(s["e"] as? [Double])
        #expect(abs(w[0] + w[2] - e[0]) < 1e-6, "the cell ending at 180° E touches the one starting at 180° W")
        #expect(abs(w[1] - e[1]) < 1e-6)
        for (cell, key) in [(west, "bw"), (east, "be")] {
            let b = Geohash.bounds(cell)!, js = try #require(s[key] as? [Double])
            #expect(js == [b.lat.lowerBound, b.lat.upperBound, b.lon.lowerBound, b.lon.upperBound], "JS bounds of \(cell)")
        }
    }

    /// Near the North Pole: cells are drawn by their own bounds up to 90° N, all inside the map.
    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func polarCellsAreDrawnByTheirBounds() throws {
        let ride = ExploredHistory.line(from: (89.985, -30), bearingDeg: 0, metres: 1_500)
        let h = try ExploredHistory.make([ride])
        defer { h.remove() }
        let cells = try h.cells(precision: 7).map(\.cell)
        let top = try #require(cells.max { Geohash.bounds($0)!.lat.upperBound < Geohash.bounds($1)!.lat.upperBound })
        let probe = "JSON.stringify({drawn: explored.drawn.cells, n: explored.counts[explored.view.precision], b: explored.bounds('\(top)'), "
            + "box: explored.box('\(top)'), h: explored.view.h, w: explored.view.w})"
        let s = try Self.probePage(of: h, probe)
        // Near the pole a cell is a sliver (0.3 m wide at 89.99°), so the map may draw it at precision 6.
        let drawn = try #require(s["drawn"] as? Int), inLevel = try #require(s["n"] as? Int)
        #expect(drawn == inLevel && drawn > 0, "every polar cell drawn: \(s)")
        let b = Geohash.bounds(top)!
        #expect(s["b"] as? [Double] == [b.lat.lowerBound, b.lat.upperBound, b.lon.lowerBound, b.lon.upperBound])
        let box = try #require(s["box"] as? [Double]), height = try #require(s["h"] as? Double), width = try #require(s["w"] as? Double)
        #expect(box[1] >= 0 && box[1] + box[3] <= height && box[0] >= 0 && box[0] + box[2] <= width, "inside the map: \(box)")
    }
}
