import RoamCore
import RoamExport
import RoamStore

/// `roam-board explored --tiles`: the slippy-map tiles ever visited and the explorer scores
/// (tiles, max square, max cluster), computed from the stored accepted fixes on demand.
extension ExploredCommand {
    static let tileZooms = [14, 17]

    static func runTiles(_ p: ParsedArguments) throws {
        guard !p.isGiven(Options.precision) else {
            throw UsageError(command: "explored", message: "--tiles takes --zoom, not --precision (geohash cells)")
        }
        if p.value(Options.summary) {
            guard !p.isGiven(Options.zoom), !p.isGiven(Options.format) else {
                throw UsageError(command: "explored", message: "--tiles --summary covers zooms 14 and 17 as text: drop --zoom and --format")
            }
            return try tilesSummary(try BoardLoader.reader(p).0)
        }
        // The parser has refused any zoom but the declared choices.
        let zoom = try p.value(Options.zoom)
        let (reader, _) = try BoardLoader.reader(p)
        let explorer = try reader.exploreTiles(zooms: [zoom])[0]
        let tiles = explorer.tileSet.tiles.sorted()
        var out = StandardOutputSink()
        if try p.value(Options.format) == .geojson {
            let square = explorer.tileSet.maxSquare
            let cluster = explorer.tileSet.maxCluster
            var writer = TilesGeoJSONWriter(sink: out)
            try writer.begin(zoom: zoom, scores: TileScores(tiles: tiles.count, maxSquare: square.side, maxCluster: cluster.count))
            for t in tiles {
                try writer.write(tile: SlippyTile(zoom: zoom, x: t.x, y: t.y), firstRide: explorer.firstVisit[t]?.ride,
                                 cluster: explorer.tileSet.isClusterTile(t), inMaxSquare: square.contains(t))
            }
            try writer.end()
            out = writer.sink
        } else {
            for t in tiles {
                let first = explorer.firstVisit[t]
                let when = first?.utcMs.map { CivilDate.iso8601(utcMs: $0) } ?? "-"
                try out.write("\(zoom)/\(t.x)/\(t.y)  " + when + "  ride " + (first.map { String($0.ride) } ?? "-") + "\n")
            }
            Console.error("\(tiles.count) tiles at zoom \(zoom)")
        }
        try out.flush()
    }

    private static func tilesSummary(_ reader: RideReader) throws {
        let explorers = try reader.exploreTiles(zooms: tileZooms)
        // Every explorer holds one entry per ride, in ride order, from the same pass.
        let rides = explorers[0].rides.map(\.ride)
        var lines = ["explorer tiles in \(reader.path) (\(rides.count) ride\(rides.count == 1 ? "" : "s"))"]
        lines.append("zoom".padding(6) + "tiles".leftPadded(8) + "max square".leftPadded(12) + "max cluster".leftPadded(13))
        for e in explorers {
            let s = e.rides.last?.scores ?? TileScores(tiles: 0, maxSquare: 0, maxCluster: 0)
            lines.append("\(e.zoom)".padding(6) + "\(s.tiles)".leftPadded(8) + "\(s.maxSquare)".leftPadded(12)
                         + "\(s.maxCluster)".leftPadded(13))
        }
        if !rides.isEmpty {
            lines.append("")
            lines.append("ride".padding(6) + "new z14".leftPadded(8) + "new z17".leftPadded(9) + "  raised")
            for (i, ride) in rides.enumerated() {
                let perZoom = explorers.map { $0.rides[i] }
                var raised: [String] = []
                for (zoom, r) in zip(tileZooms, perZoom) {
                    var scores = r.newTiles > 0 ? ["tiles"] : []
                    if r.raisedSquare { scores.append("square \(r.scores.maxSquare)") }
                    if r.raisedCluster { scores.append("cluster \(r.scores.maxCluster)") }
                    if !scores.isEmpty { raised.append("z\(zoom) " + scores.joined(separator: ", ")) }
                }
                lines.append("\(ride)".padding(6) + "\(perZoom[0].newTiles)".leftPadded(8)
                             + "\(perZoom[1].newTiles)".leftPadded(9) + "  " + (raised.isEmpty ? "-" : raised.joined(separator: "; ")))
            }
        }
        print(lines.joined(separator: "\n"))
        if rides.isEmpty { Console.error(RidesCommand.noRidesYet(reader.path) + ": no tiles (record a ride first)") }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
