import Foundation
import RoamCore
import RoamExport
import RoamStore

/// `roam-board view --ride N --out FILE.html`: one self-contained page (map coloured by speed,
/// gaps open and marked, barometric profile, totals, flagged fixes on demand, a replay over
/// time), written atomically.
enum ViewCommand {
    static func run(_ p: ParsedArguments) throws {
        let bands: SpeedBands
        do {
            bands = try p.value("--speed-bands").map { text throws(SpeedBandsError) in try SpeedBands(parsing: text) } ?? .cycling
        } catch {
            throw UsageError(command: "view", message: error.description)
        }
        let reader = try RideReader(path: try BoardLoader.databasePath(p))
        let id = Int64(try p.integer("--ride")!)
        guard let ride = try reader.ride(id: id) else {
            throw CLIError(description: "no ride \(id) in \(reader.path) (see 'roam-board rides')")
        }
        var track = ViewTrack(expectedAccepted: ride.totals.acceptedCount)
        var pauses = ReplayPauses()
        try reader.forEachExportedFix(ride: id, withNMEA: false) { fix in
            track.add(fix)
            pauses.add(fix)
        }
        track.finish()
        pauses.finish()
        let causes = try reader.events(ride: id).filter { $0.kind == .gap }.map(\.detail)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let parameters = String(decoding: try encoder.encode(ride.parameters), as: UTF8.self)
        let start = try ride.startedUTCms ?? reader.firstFixUTCms(ride: id)
        let summary = RideSummary(id: ride.id, startedUTCms: start, endedUTCms: ride.endedUTCms,
                                  totals: ride.totals, parametersJSON: parameters)
        let html = HTMLView(ride: summary, track: track, bands: bands, gapCauses: causes,
                            pauses: pauses.intervals).render()
        let out = p.value("--out")!
        var sink = try AtomicFileSink(path: out, overwrite: p.has("--force"))
        do {
            try sink.write(html)
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
        print(out)
    }
}
