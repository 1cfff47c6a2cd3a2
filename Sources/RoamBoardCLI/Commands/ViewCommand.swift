import RoamCore
import RoamExport
import RoamHandover
import RoamStore

/// `roam-board view --ride N -o FILE.html|DIR/|-`: one self-contained page (map coloured by speed,
/// gaps and stops marked, charts against distance or time, splits, totals, times in the board's
/// zone, flagged fixes on demand, a replay over time), written atomically.
enum ViewCommand {
    static func run(_ p: ParsedArguments) throws {
        if try ViewHistoryCommand.runIfAsked(p) { return }
        if try ViewExploredCommand.runIfAsked(p) { return }
        let bands: SpeedBands
        let bandsText = try p.value(Options.speedBands)
        do {
            bands = try bandsText.map { text throws(SpeedBandsError) in try SpeedBands(parsing: text) } ?? .cycling
        } catch {
            throw UsageError(command: "view", message: error.description)
        }
        let tiles = try LeafletFiles.tilesTemplate(p)
        let (reader, time) = try BoardLoader.reader(p)
        // runIfAsked has refused a ride's page without --ride.
        guard let id = try p.value(Options.ride) else { throw UsageError(command: "view", message: "missing required option --ride N") }
        guard let ride = try reader.ride(id: id) else {
            throw CLIError(description: "no ride \(id) in \(reader.path) (see 'roam-board rides')")
        }
        let units = try BoardLoader.units(p), mapLibrary = LeafletFiles.load(tiles: tiles)
        // A damaged page among what the page reads is said as `check` says it: this ride, how far, what to do.
        let (html, span) = try DamagedRideText.reading(reader, id: id, state: ride.state) {
            try RidePageBuild.html(ride, reader: reader, bands: bands, zone: time.pageZone, mapLibrary: mapLibrary, units: units)
        }
        let target = try OutputTarget.resolve(p.value(Options.out), extension: "html", command: "view")
        let name = RideFileName.name(rideID: id, startedUTCms: span.startUTCms, extension: "html", time: time)
        if let out = try PageOutput.write(html, to: target, nameInFolder: name, force: p.value(Options.force)) { print(out) }
    }
}
