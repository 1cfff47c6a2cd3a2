import Foundation
import Testing
import RoamCore

/// `explored --summary`, the GeoJSON at one precision, and what `view --explored` says when
/// there is nothing (or not everything) to draw: never an empty map without a word.
@Suite(.serialized) struct ExploredInputTests {
    @Test func summaryCountsMeasuresAndCreditsEachRide() throws {
        let h = try ExploredPageTests.freiburg()
        defer { h.remove() }
        let r = try CLIRunner.run(["explored", "--summary", "--db", h.dbPath])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        for p in [5, 6, 7] {
            let cells = try h.cells(precision: p)
            let row = try #require(lines.first { $0.first == "\(p)" && $0.contains("km²") }, "precision \(p) row in\n\(r.stdout)")
            #expect(row[row.count - 3] == "\(cells.count)", "cells at \(p)")
            let area = cells.reduce(0.0) { $0 + Geohash.areaKm2($1.cell)! }
            let shown = try #require(Double(row[row.count - 2]))
            #expect(abs(shown - area) <= 0.05 * max(1, area / 100), "km² at \(p): \(shown) for \(area)")
        }
        let cells7 = try h.cells(precision: 7), cells5 = try h.cells(precision: 5)
        for ride in ["1", "2"] {
            let row = try #require(lines.first { $0.first == ride && $0.count >= 6 }, "ride \(ride) in\n\(r.stdout)")
            #expect(row[row.count - 3] == "\(cells7.filter { $0.ride == ride }.count)", "new p7 cells of ride \(ride)")
            #expect(row[row.count - 1] == "\(cells5.filter { $0.ride == ride }.count)", "new p5 cells of ride \(ride)")
        }
        let both = try CLIRunner.run(["explored", "--summary", "--precision", "6", "--db", h.dbPath])
        #expect(both.status == 64 && both.stderr.contains("--summary covers"), "\(both.stderr)")
    }

    @Test func geoJSONAtOnePrecisionHoldsThatPrecisionsCells() throws {
        let h = try ExploredPageTests.freiburg()
        defer { h.remove() }
        for p in [5, 7] {
            let r = try CLIRunner.run(["explored", "--db", h.dbPath, "--precision", "\(p)", "--format", "geojson"])
            #expect(r.status == 0, "\(r.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            #expect((json["properties"] as? [String: Any])?["geohash_precision"] as? Int == p)
            let ids = try #require(json["features"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            let listed = try h.cells(precision: p).map(\.cell)
            #expect(ids == listed, "precision \(p)")
        }
    }

    @Test func noRidesIsSaidAndAnUnknownRideWritesNoPage() throws {
        let empty = try ExploredHistory.make([])
        defer { empty.remove() }
        let page = empty.directory.appendingPathComponent("explored.html")
        // An empty database is not bad data: its page is written and says so (CommandWalkTests).
        let r = try CLIRunner.run(["view", "--explored", "--db", empty.dbPath, "-o", page.path])
        #expect(r.status == 0 && r.stderr.contains("no rides in \(empty.dbPath) yet"), "\(r.status) \(r.stderr)")
        try FileManager.default.removeItem(at: page)
        let summary = try CLIRunner.run(["explored", "--summary", "--db", empty.dbPath])
        #expect(summary.status == 0 && summary.stderr.contains("no rides"), "\(summary.stderr)")

        let h = try ExploredPageTests.freiburg()
        defer { h.remove() }
        let unknown = try CLIRunner.run(["view", "--explored", "--db", h.dbPath, "--ride", "9", "-o", page.path])
        #expect(unknown.status == 65 && unknown.stderr.contains("no ride 9 in"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: page.path))
        let noRide = try CLIRunner.run(["view", "--db", h.dbPath, "-o", page.path])
        #expect(noRide.status == 64 && noRide.stderr.contains("missing required option --ride"), "\(noRide.stderr)")
    }

    @Test func ridesWithoutAnyPositionAreSaid() throws {
        let h = try ExploredHistory.make([Array(repeating: nil, count: 30)])
        defer { h.remove() }
        let r = try CLIRunner.run(["view", "--explored", "--db", h.dbPath, "-o", "-"])
        #expect(r.status == 65 && r.stderr.contains("none of its 1 ride has an accepted fix with a position"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// A database from before cells were recorded: refused with the rederive that fills it; after
    /// rederive the page holds every cell again. A history missing one ride's cells is drawn with
    /// a warning on the page and on stderr.
    @Test func cellsMissingFromAnOlderDatabaseAreOfferedToRederive() throws {
        let h = try ExploredPageTests.freiburg()
        defer { h.remove() }
        let before = try h.cells(precision: 7)
        let page = h.directory.appendingPathComponent("explored.html")
        try h.forgetCells(where: "ride_id = 2")
        let partial = try CLIRunner.run(["view", "--explored", "--db", h.dbPath, "-o", page.path])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stderr.contains("ride 2 has no explored cells") && partial.stderr.contains("rederive --db \(h.dbPath) --ride 2"),
                "\(partial.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("role=\"alert\">The map misses some rides: ride 2 has no explored cells"))

        try h.forgetCells(where: "1")
        let none = try CLIRunner.run(["view", "--explored", "--db", h.dbPath, "-o", page.path, "--force"])
        #expect(none.status == 65 && none.stderr.contains("rides 1, 2 have no explored cells (recorded before cells were)"), "\(none.stderr)")
        let listed = try CLIRunner.run(["explored", "--db", h.dbPath])
        #expect(listed.stderr.contains("warning: rides 1, 2 have no explored cells"), "\(listed.stderr)")

        for ride in ["1", "2"] {
            let fill = try CLIRunner.run(["rederive", "--db", h.dbPath, "--ride", ride])
            #expect(fill.status == 0, "\(fill.stderr)")
        }
        let after = try h.cells(precision: 7).map(\.cell)
        #expect(after == before.map(\.cell), "rederive filled every cell again")
        let again = try CLIRunner.run(["view", "--explored", "--db", h.dbPath, "-o", page.path, "--force"])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
    }

    /// Through --board: first and last visit in the board's zone; a folder gets explored.html.
    @Test func visitsAreShownInTheBoardsZoneAndAFolderGetsExploredHTML() throws {
        let h = try ExploredPageTests.freiburg()
        defer { h.remove() }
        let board = h.directory.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: board, withIntermediateDirectories: true)
        var conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        conf = conf.replacingOccurrences(of: "data_dir = ../../data/bench", with: "data_dir = ..") + "time_zone = Europe/Berlin\n"
        try conf.write(to: board.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        let folder = h.directory.appendingPathComponent("pages").path + "/"
        let r = try CLIRunner.run(["view", "--explored", "--board", board.path, "-o", folder])
        #expect(r.status == 0 && r.stdout == folder + "explored.html\n", "\(r.stdout) \(r.stderr)")
        let html = try String(contentsOfFile: folder + "explored.html", encoding: .utf8)
        // Ride 1 starts 2026-05-02 07:00 UTC (09:00 in Berlin's summer time); ride 2 ends 220 s after 07:00 UTC a day later.
        #expect(html.contains("<th>First visit</th><td>2026-05-02 09:00 Europe/Berlin</td>"), "first visit")
        #expect(html.contains("<th>Last visit</th><td>2026-05-03 09:03 Europe/Berlin</td>"), "last visit")
        let summary = try CLIRunner.run(["explored", "--summary", "--board", board.path])
        #expect(summary.stdout.contains("first cell 2026-05-02 09:00 Europe/Berlin"), "\(summary.stdout)")
    }

    /// A ride that only went where others had been: the page says it added nothing.
    @Test func aRideThatAddedNothingIsSaid() throws {
        let east = ExploredHistory.line(from: (47.99, 7.84), bearingDeg: 90, metres: 3_000)
        let h = try ExploredHistory.make([east, Array(east.prefix(60))])
        defer { h.remove() }
        let r = try CLIRunner.run(["view", "--explored", "--db", h.dbPath, "--ride", "2", "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Ride 2 visited no cell first: every cell it crossed had been explored before"), "the page says so")
        #expect(r.stdout.contains("<td class=\"new\" data-precision=\"7\">0</td>"))
    }

    /// Prune keeps explored cells: with every ride pruned, the summary once said "nothing explored"
    /// over a table of cells. The cells are said to be the pruned rides', here and on the page.
    @Test func cellsOfPrunedRidesAreNotNothing() throws {
        let h = try ExploredPageTests.freiburg()
        defer { h.remove() }
        let cells = try h.cells(precision: 7).count
        let prune = try CLIRunner.run(["prune", "--db", h.dbPath, "--ride", "1", "--ride", "2", "--not-dumped-too"])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(try h.cells(precision: 7).count == cells, "prune keeps the cells")
        let kept = "no rides in \(h.dbPath) now; its \(cells) explored cells (precision 7) are kept from pruned rides"
        let summary = try CLIRunner.run(["explored", "--summary", "--db", h.dbPath])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stderr.contains(kept) && !summary.stderr.contains("nothing explored"), "\(summary.stderr)")
        let row = summary.stdout.split(separator: "\n").first { $0.hasPrefix("pruned rides") }
        #expect(row?.split(separator: " ").dropFirst(2).first.map(String.init) == "\(cells)", "\(summary.stdout)")
        let listed = try CLIRunner.run(["explored", "--db", h.dbPath])
        #expect(listed.stderr == "\(cells) cells at precision 7\n", "each cell with ride -, nothing more: \(listed.stderr)")
        let page = try CLIRunner.run(["view", "--explored", "--db", h.dbPath, "-o", "-"])
        #expect(page.status == 0 && page.stderr.contains(kept) && !page.stderr.contains("nothing explored"), "\(page.stderr)")
        #expect(page.stdout.contains("role=\"alert\">No rides now: the \(cells) cells drawn (precision 7) are kept from pruned rides"))
        #expect(!page.stdout.contains("No rides yet"))
    }
}
