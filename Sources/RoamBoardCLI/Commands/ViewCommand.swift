import RoamCore
import RoamExport
import RoamStore

/// `roam-board view --ride N -o FILE.html|DIR/|-`: one self-contained page (map coloured by speed,
/// gaps and stops marked, charts against distance or time, splits, totals, times in the board's
/// zone, flagged fixes on demand, a replay over time), written atomically.
enum ViewCommand {
    static func run(_ p: ParsedArguments) throws {
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
        var track = ViewTrack(expectedAccepted: ride.totals.acceptedCount, parameters: ride.parameters)
        var pauses = PlaybackPauses()
        var splits = RideSplits()
        try reader.forEachExportedFix(ride: id, withNMEA: false) { fix in
            track.add(fix)
            pauses.add(fix)
            splits.add(fix)
        }
        track.finish()
        pauses.finish()
        splits.finish()
        let causes = try reader.events(ride: id).filter { $0.kind == .gap }.map(GapMarker.text)
        // Sorted keys, Foundation's pretty layout: the page's text as JSONEncoder wrote it.
        let parameters = try JSONTextEncoder(prettyPrinted: true).encode(ride.parameters)
        let span = try reader.span(id)
        var summary = RideSummary(id: ride.id, startedUTCms: span.startUTCms, endedUTCms: span.endUTCms,
                                  totals: ride.totals, parametersJSON: parameters, unmeasured: UnmeasuredFigures(ride.parameters))
        summary.importedFrom = try reader.provenance(ride: id)?.sentence
        let clock = PageClock(zoneName: time.zone?.identifier,
                              startOffsetS: span.startUTCms.map { time.offsetS(utcMs: $0) } ?? 0,
                              endOffsetS: span.endUTCms.map { time.offsetS(utcMs: $0) } ?? 0)
        let html = HTMLView(ride: summary, track: track, bands: bands, gapCauses: causes,
                            pauses: pauses.intervals, splits: splits.splits, clock: clock,
                            mapLibrary: LeafletFiles.load(tiles: tiles), units: try BoardLoader.units(p)).render()
        let target = try OutputTarget.resolve(p.value(Options.out), extension: "html", command: "view")
        let name = RideFileName.name(rideID: id, startedUTCms: span.startUTCms, extension: "html", time: time)
        if let out = try PageOutput.write(html, to: target, nameInFolder: name, force: p.value(Options.force)) { print(out) }
    }
}
