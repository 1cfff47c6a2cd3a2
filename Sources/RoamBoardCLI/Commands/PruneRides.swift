import RoamCore
import RoamStore
import RoamSystem

/// `prune --ride N [--ride M…] [--not-dumped-too]`: the rides named go in one transaction, or none
/// does. A ride still recording, a ride not in the database, and a ride recorded here and never
/// dumped (without --not-dumped-too) are each named in words, exit 65 (P2: nothing kept is lost unsaid).
enum PruneRides {
    static func run(_ p: ParsedArguments, rides: [Int64], path: String) throws {
        let notDumpedToo = p.value(PruneCommand.Options.notDumpedToo)
        do {
            if p.value(PruneCommand.Options.dryRun) {
                PruneCommand.printPreview(try Prune.preview(path: path, rides: rides, notDumpedToo: notDumpedToo), chosen: "")
            } else {
                PruneCommand.printReport(try Prune.run(path: path, rides: rides, notDumpedToo: notDumpedToo), chosen: "")
            }
        } catch let refusal as Prune.Refusal {
            throw CLIError(description: try sentences(refusal, p, path: path).joined(separator: "\n"))
        }
    }

    /// One line per ride that stays, then "nothing pruned".
    static func sentences(_ refusal: Prune.Refusal, _ p: ParsedArguments, path: String) throws -> [String] {
        var lines = refusal.missing.map { "no ride \($0) in \(FilePath.shown(path)) (see 'roam-board rides')" }
        let running = RidesCommand.recorderRunning(database: path)
        let rows = refusal.recording.isEmpty ? nil : try RideReader(path: path)
        for id in refusal.recording {
            if let ride = try rows?.ride(id: id), InterruptedReplay.left(ride, recorderRunning: running) {
                lines.append("ride \(id) was left interrupted by a replay: \(InterruptedReplay.closedBy); then prune it")
            } else {
                lines.append("ride \(id) is still recording: stop it with the button first (a ride left interrupted is resumed by the next "
                             + "start: stop it then), then prune it")
            }
        }
        if !refusal.notDumped.isEmpty {
            let (reader, time) = try BoardLoader.reader(p)
            let units = try BoardLoader.units(p)
            let database = p.text(SharedOptions.board).map { "--board \($0)" } ?? "--db \(FilePath.shown(path))"
            for id in refusal.notDumped {
                let start = try reader.span(id).startUTCms.map { time.iso8601(utcMs: $0) } ?? "no dated fix"
                let distance = try reader.ride(id: id).map { units.distance(metres: $0.totals.distanceM, digits: 2) } ?? "?"
                lines.append("ride \(id) (\(start), \(distance)) was never dumped: no copy of it exists outside the database. "
                             + "Save it first (roam-board dump \(database) --ride \(id) --format fit -o ride-\(id).fit), "
                             + "or add --not-dumped-too to delete it unsaved")
            }
        }
        return lines + ["nothing pruned"]
    }
}
