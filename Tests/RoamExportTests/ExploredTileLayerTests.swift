import Testing
import RoamCore
@testable import RoamExport

/// The explored page's explorer tiles as data: each zoom's tiles and max cluster as runs of
/// y·2^zoom + x (decoded back exactly), the max square and the three scores, and the page's
/// switches and scores table; a row of tiles costs one run, not an object per tile.
@Suite struct ExploredTileLayerTests {
    /// A 4×4 block (max square 4, cluster = its 2×2 inside), a lone tile far off, and tiles on
    /// both edges of the antimeridian at zoom 17.
    static func tileSet(zoom: Int) -> TileSet {
        var set = TileSet(zoom: zoom)
        for y in 100..<104 { for x in 200..<204 { set.insert(x: x, y: y) } }
        set.insert(x: 900, y: 50)
        set.insert(x: 0, y: 7); set.insert(x: (1 << zoom) - 1, y: 7)
        return set
    }

    private func decode(_ runs: String, zoom: Int) throws -> [TileSet.TilePosition] {
        try #require(ExploredCellRuns.decode(runs)).map {
            TileSet.TilePosition(x: Int($0 & ((1 << UInt64(zoom)) - 1)), y: Int($0 >> UInt64(zoom)))
        }
    }

    @Test(arguments: [14, 17]) func tilesAndClusterRoundTripAndScoresAreTheTileSets(zoom: Int) throws {
        let set = Self.tileSet(zoom: zoom)
        let layer = ExploredTileLayer(tileSet: set)
        #expect(layer.tiles == set.tiles.sorted())
        #expect(try decode(ExploredCellRuns.encode(layer.tiles.map { ExploredTileLayer.number($0, zoom: zoom) }), zoom: zoom) == layer.tiles)
        #expect(layer.maxCluster == [TileSet.TilePosition(x: 201, y: 101), TileSet.TilePosition(x: 202, y: 101),
                                     TileSet.TilePosition(x: 201, y: 102), TileSet.TilePosition(x: 202, y: 102)])
        #expect(layer.maxSquare.side == 4 && layer.maxSquare.west == 200 && layer.maxSquare.north == 100)
        #expect(layer.scores == set.scores && layer.scores == TileScores(tiles: 19, maxSquare: 4, maxCluster: 4))
    }

    @Test func jsonIsCompactAndExact() throws {
        let layer = ExploredTileLayer(tileSet: Self.tileSet(zoom: 14))
        let tiles = ExploredCellRuns.encode(layer.tiles.map { ExploredTileLayer.number($0, zoom: 14) })
        let cluster = ExploredCellRuns.encode(layer.maxCluster.map { ExploredTileLayer.number($0, zoom: 14) })
        #expect(layer.json == "{\"zoom\":14,\"tiles\":\"\(tiles)\",\"cluster\":\"\(cluster)\",\"square\":[200,100,4],\"scores\":[19,4,4]}")
        #expect(ExploredTileLayer.json([layer, layer]) == "[\(layer.json),\(layer.json)]")
        #expect(!layer.json.contains("<"))
    }

    @Test func aRowOfTilesIsOneRun() throws {
        var set = TileSet(zoom: 17)
        for x in 70_000..<72_000 { set.insert(x: x, y: 44_000) }
        let layer = ExploredTileLayer(tileSet: set)
        let text = ExploredCellRuns.encode(layer.tiles.map { ExploredTileLayer.number($0, zoom: 17) })
        #expect(text.utf8.count <= 12, "2000 tiles in one row are two numbers, got \(text)")
        #expect(try decode(text, zoom: 17) == layer.tiles)
    }

    @Test func pageCarriesTheSwitchesTheScoresAndTheData() throws {
        let layers = [ExploredTileLayer(tileSet: Self.tileSet(zoom: 14)), ExploredTileLayer(tileSet: Self.tileSet(zoom: 17))]
        var census = ExploredCensus()
        try census.addStored(geohash: "u0m8f30", firstRide: 1, firstVisitUTCms: 0)
        try census.finish()
        let facts = ExploredPage.Facts(databasePath: "rides.db", rideCount: 1, firstVisit: nil, lastVisit: nil, zoneLabel: "UTC")
        let html = ExploredPage(census: census, tracks: [], facts: facts, tileLayers: layers).render()
        for id in ["tiles-14", "tiles-17", "tiles-cluster", "tiles-square", "explored-tiles", "explored-tiles-script"] {
            #expect(html.contains("id=\"\(id)\""), "\(id)")
        }
        #expect(html.contains("<script type=\"application/json\" id=\"explored-tiles\">\(ExploredTileLayer.json(layers))</script>"))
        #expect(html.contains("<tr data-zoom=\"14\"><td>zoom 14 (~<span data-unit=\"distance\" data-si=\"1500.000\" data-digits=\"1\">1.5 km</span>)</td><td class=\"tiles\">19</td><td class=\"max-square\">4</td><td class=\"max-cluster\">4</td></tr>"))
        #expect(html.contains(ExploredTilesSection.script) && !ExploredTilesSection.script.contains("@"))
        // The tiles' rough edges follow the units, as every number on the page does.
        let imperial = ExploredPage(census: census, tracks: [], facts: facts, tileLayers: layers, units: UnitFormatter(.imperial)).render()
        #expect(imperial.contains("zoom 14 (~<span data-unit=\"distance\" data-si=\"1500.000\" data-digits=\"1\">0.9 mi</span>)"))
        #expect(imperial.contains("zoom 17 (Squadrats, ~<span data-unit=\"length\" data-si=\"200.000\" data-digits=\"0\">656 ft</span>)"))
        // The tiles' script comes before the maps' scripts, which call it.
        let tilesAt = try #require(html.range(of: "id=\"explored-tiles-script\"")).lowerBound
        // Apart from #expect: Swift 6.0.3's macros cannot nest a #require that calls a method in it.
        let tilesUsedAt = try #require(html.range(of: "window.RoamExplorerTiles")).lowerBound
        #expect(tilesAt < tilesUsedAt)
        let plain = ExploredPage(census: census, tracks: [], facts: facts).render()
        #expect(!plain.contains("explored-tiles") && !plain.contains("tile-scores"))
    }
}
