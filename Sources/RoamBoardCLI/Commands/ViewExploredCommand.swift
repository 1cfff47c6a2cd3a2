import RoamCore
import RoamExport
import RoamHandover
import RoamStore

/// `roam-board view --explored [--ride N] [-o FILE|DIR/|-]`: the explored map of every ride as one
/// self-contained page (`ExploredPage`), written atomically like the ride page; `--ride N` marks
/// the cells that ride visited first. Nothing to draw is said in words: refused when rides have
/// no cells, an empty page with a warning when there is no ride yet.
enum ViewExploredCommand {
    /// Runs the explored page when `--explored` is given and says so; otherwise checks what a
    /// ride's page needs (the command table cannot say "--ride and --out unless --explored").
    static func runIfAsked(_ p: ParsedArguments) throws -> Bool {
        typealias Options = ViewCommand.Options
        guard p.value(Options.explored) else {
            for option in [Options.ride.spec, Options.out.spec] where !p.isGiven(option) {
                throw UsageError(command: "view", message: "missing required option \(option.name) \(option.placeholder) (or --explored for the map of every ride, --history for every ride by week, month and year)")
            }
            return false
        }
        if p.isGiven(Options.speedBands) {
            throw UsageError(command: "view", message: "--speed-bands colours a ride's page; the explored map has no speeds: drop it")
        }
        try run(p)
        return true
    }

    static func run(_ p: ParsedArguments) throws {
        let tiles = try LeafletFiles.tilesTemplate(p)
        let (reader, time) = try BoardLoader.reader(p)
        let target = try OutputTarget.resolve(p.value(ViewCommand.Options.out), extension: "html", command: "view")
        let rides = try reader.rides()
        let highlight = try p.value(ViewCommand.Options.ride)
        if let id = highlight, !rides.contains(where: { $0.id == id }) {
            throw CLIError(description: "no ride \(id) in \(reader.path) (see 'roam-board rides')")
        }
        let census = try ExploredCommand.census(reader, highlightRide: highlight)
        let missing = try reader.ridesMissingExploredCells()
        var warnings: [String] = []
        // An empty database is not bad data: its page is written, as `view --history` and `explored` answer (exit 0).
        if rides.isEmpty, census.isEmpty {
            Console.error(RidesCommand.noRidesYet(reader.path) + ": nothing explored to draw; the page says so (record a ride first)")
            warnings.append("No rides yet: record a ride first, or bring past ones with 'roam-board import'.")
        } else if rides.isEmpty {
            // Cells of pruned rides outlive them: drawn, and said to be theirs.
            Console.error(ExploredCommand.keptFromPrunedRides(census, path: reader.path))
            warnings.append("No rides now: the \(census.levels[7]!.cells) cells drawn (precision 7) are kept from pruned rides.")
        }
        guard !census.isEmpty || rides.isEmpty else {
            if missing.isEmpty {
                throw CLIError(description: "no explored cells in \(reader.path): none of its \(rides.count) ride\(rides.count == 1 ? "" : "s") "
                               + "has an accepted fix with a position ('roam-board show --ride N' says why)")
            }
            throw CLIError(description: "no explored cells in \(reader.path): " + ExploredCommand.missingCellsAdvice(missing, path: reader.path)
                           + "; then run view --explored again")
        }
        if !missing.isEmpty {
            let advice = ExploredCommand.missingCellsAdvice(missing, path: reader.path)
            warnings.append("The map misses some rides: " + advice + ".")
            ExploredCommand.warnMissingCells(missing, path: reader.path)
        }
        if let id = highlight, census.newCells(ride: id, precision: 7) == 0 {
            warnings.append("Ride \(id) visited no cell first: every cell it crossed had been explored before, or it has no position.")
        }
        let tracks = try tracks(rides, reader: reader)
        let facts = ExploredPage.Facts(databasePath: reader.path, rideCount: rides.count,
                                       firstVisit: try reader.exploredVisitSpan().firstUTCms.map { ExploredCommand.minute($0, time) },
                                       lastVisit: try lastVisit(rides, reader: reader).map { ExploredCommand.minute($0, time) },
                                       zoneLabel: time.label, warnings: warnings)
        let tileLayers = try reader.exploreTiles(zooms: ExploredCommand.tileZooms).map { ExploredTileLayer(tileSet: $0.tileSet) }
        let html = ExploredPage(census: census, tracks: tracks, facts: facts, mapLibrary: LeafletFiles.load(tiles: tiles),
                                tileLayers: tileLayers, units: try BoardLoader.units(p)).render()
        if let path = try PageOutput.write(html, to: target, nameInFolder: "explored.html", force: p.value(ViewCommand.Options.force)) { print(path) }
    }

    /// Thin lines, simplified: within 5 m of the ride, more loosely for a long history
    /// (10 m at 30 000 km, at most 50 m), so the page stays small.
    static func tracks(_ rides: [RideRow], reader: RideReader) throws -> [ExploredTrack] {
        let totalKm = rides.reduce(0) { $0 + $1.totals.distanceM } / 1000
        let tolerance = min(50, max(5, totalKm / 3_000))
        var tracks: [ExploredTrack] = []
        for ride in rides where ride.totals.acceptedCount > 0 {
            var track = ExploredTrack(rideID: ride.id, toleranceM: tolerance)
            try reader.forEachExportedFix(ride: ride.id, excludingFlags: .rejecting, withNMEA: false) { fix in
                track.add(latDeg: fix.epoch.latDeg, lonDeg: fix.epoch.lonDeg, segment: fix.segment)
            }
            track.finish()
            if track.pointCount > 0 { tracks.append(track) }
        }
        return tracks
    }

    /// The last dated fix of any ride (cells keep only first visits).
    static func lastVisit(_ rides: [RideRow], reader: RideReader) throws -> Int64? {
        var last: Int64?
        for ride in rides {
            // The ride's one end (RideSpan), as `rides` and `show` give it, not the row's last accepted fix.
            if let t = try reader.lastFixUTCms(ride: ride.id) { last = max(last ?? t, t) }
        }
        return try last ?? reader.exploredVisitSpan().lastUTCms
    }
}
