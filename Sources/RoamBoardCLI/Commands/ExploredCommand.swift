import RoamCore
import RoamExport
import RoamHandover
import RoamStore

/// `roam-board explored`: every geohash cell ever visited, across all rides, at precision 5, 6 or 7,
/// as GeoJSON polygons or one line per cell; `--summary`: cells and km² per precision and the
/// cells each ride visited first. Streams from a read-only connection.
enum ExploredCommand {
    static func run(_ p: ParsedArguments) throws {
        if p.value(Options.tiles) { return try runTiles(p) }
        guard !p.isGiven(Options.zoom) else {
            throw UsageError(command: "explored", message: "--zoom needs --tiles (geohash cells take --precision)")
        }
        if p.value(Options.summary) {
            guard !p.isGiven(Options.precision), !p.isGiven(Options.format) else {
                throw UsageError(command: "explored", message: "--summary covers precisions 5, 6 and 7 as text: drop --precision and --format")
            }
            return try summary(p)
        }
        // The parser has refused any precision but the declared choices.
        let precision = try p.value(Options.precision)
        let (reader, _) = try BoardLoader.reader(p)
        warnMissingCells(try reader.ridesMissingExploredCells(), path: reader.path)
        var out = StandardOutputSink()
        if try p.value(Options.format) == .geojson {
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

    /// Every stored cell at precisions 5, 6 and 7, counted and measured, in one pass.
    static func census(_ reader: RideReader, highlightRide: Int64? = nil) throws -> ExploredCensus {
        var census = ExploredCensus(highlightRide: highlightRide)
        do {
            try reader.forEachStoredCell { cell, ride, firstUTCms in
                try census.addStored(geohash: cell, firstRide: ride, firstVisitUTCms: firstUTCms)
            }
            try census.finish()
        } catch let e as ExportError {
            throw CLIError(description: "explored cell in \(reader.path): \(e); 'roam-board check' looks at the database")
        }
        return census
    }

    /// What to run so rides recorded before cells were get theirs.
    static func missingCellsAdvice(_ rides: [Int64], path: String) -> String {
        let list = rides.map(String.init).joined(separator: ", ")
        let example = "roam-board rederive --db \(path) --ride \(rides[0])"
        return "ride\(rides.count == 1 ? "" : "s") \(list) \(rides.count == 1 ? "has" : "have") no explored cells "
            + "(recorded before cells were): fill them with \(example)" + (rides.count > 1 ? ", and so for each of them" : "")
    }

    /// Prune keeps explored cells: with no ride left, what is explored is the pruned rides'.
    static func keptFromPrunedRides(_ census: ExploredCensus, path: String) -> String {
        "no rides in \(path) now; its \(census.levels[7]!.cells) explored cells (precision 7) are kept from pruned rides"
    }

    static func warnMissingCells(_ rides: [Int64], path: String) {
        guard !rides.isEmpty else { return }
        Console.error("warning: " + missingCellsAdvice(rides, path: path))
    }

    /// A time as the rider reads it, to the minute: "2026-06-14 09:30 Europe/Berlin".
    static func minute(_ utcMs: Int64, _ time: LocalTime) -> String {
        String(time.iso8601(utcMs: utcMs).prefix(16).map { $0 == "T" ? " " : $0 }) + " " + time.label
    }

    private static func summary(_ p: ParsedArguments) throws {
        let (reader, time) = try BoardLoader.reader(p)
        let units = try BoardLoader.units(p)
        let cellSize = units.system == .metric ? ExploredPage.cellSize : ExploredPage.cellSizeImperial
        let rides = try reader.rides()
        let census = try census(reader)
        let span = try reader.exploredVisitSpan()
        var lines = ["explored cells in \(reader.path) (\(rides.count) ride\(rides.count == 1 ? "" : "s"))"]
        lines.append("precision".padded(11) + "cell".padded(17) + "cells".leftPadded(7) + "area".leftPadded(12))
        for precision in ExploredCensus.precisions.reversed() {
            let level = census.levels[precision]!
            lines.append("\(precision)".padded(11) + cellSize[precision]!.padded(17)
                         + "\(level.cells)".leftPadded(7) + units.area(squareKilometres: level.areaKm2).leftPadded(12))
        }
        if let first = span.firstUTCms, let last = span.lastUTCms {
            lines.append("first cell \(minute(first, time)), last new cell \(minute(last, time))")
        }
        let pruned = census.levels[7]!.newByRide[nil] != nil
        if !rides.isEmpty || pruned {
            lines.append("")
            lines.append("ride".padded(6) + "started".padded(30) + ["new p7", "new p6", "new p5"].map { $0.leftPadded(8) }.joined())
            for ride in rides {
                // The ride's one start (RideSpan), as `rides` and `show` give it.
                let startedUTCms = try reader.firstFixUTCms(ride: ride.id)
                let started = startedUTCms.map { minute($0, time) } ?? "-"
                lines.append("\(ride.id)".padded(6) + started.padded(30) + newCells(census, ride.id))
            }
            if pruned { lines.append("pruned rides".padded(36) + newCells(census, nil)) }
        }
        print(lines.joined(separator: "\n"))
        if rides.isEmpty {
            Console.error(census.isEmpty ? RidesCommand.noRidesYet(reader.path) + ": nothing explored (record a ride first)"
                          : keptFromPrunedRides(census, path: reader.path))
        }
        let missing = try reader.ridesMissingExploredCells()
        warnMissingCells(missing, path: reader.path)
        if !rides.isEmpty, census.isEmpty, missing.isEmpty {
            Console.error("no explored cells: none of the \(rides.count) rides has an accepted fix with a position")
        }
    }

    private static func newCells(_ census: ExploredCensus, _ ride: Int64?) -> String {
        [7, 6, 5].map { "\(census.newCells(ride: ride, precision: $0))".leftPadded(8) }.joined()
    }
}

extension String {
    fileprivate func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
