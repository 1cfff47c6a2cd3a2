import RoamCore
import RoamExport
import RoamStore

/// `roam-board explored`: every geohash cell ever visited, across all rides, at precision 5, 6 or 7,
/// as GeoJSON polygons or one line per cell. Streams from a read-only connection.
enum ExploredCommand {
    static func run(_ p: ParsedArguments) throws {
        let precision = try p.integer("--precision") ?? 7
        guard (5...7).contains(precision) else {
            throw UsageError(command: "explored", message: "--precision expects 5, 6 or 7, found \(precision)")
        }
        let reader = try RideReader(path: try BoardLoader.databasePath(p))
        var out = StandardOutputSink()
        if p.value("--format") == "geojson" {
            var writer = ExploredGeoJSONWriter(sink: out)
            try writer.begin(precision: precision)
            try reader.forEachExploredCell(precision: precision) { cell in
                do {
                    try writer.write(geohash: cell.geohash, firstVisitUTCms: cell.firstVisitUTCms, rideID: cell.rideID, cells: cell.cellCount)
                } catch let e as ExportError {
                    throw CLIError(description: "explored cell in \(reader.path): \(e)")
                }
            }
            try writer.end()
            out = writer.sink
        } else {
            var count = 0
            try reader.forEachExploredCell(precision: precision) { cell in
                let first = cell.firstVisitUTCms.map { CivilDate.iso8601(utcMs: $0) } ?? "-"
                try out.write(cell.geohash + "  " + first + "  ride " + (cell.rideID.map { String($0) } ?? "-") + "\n")
                count += 1
            }
            Console.error("\(count) cells at precision \(precision)")
        }
        try out.flush()
    }
}
