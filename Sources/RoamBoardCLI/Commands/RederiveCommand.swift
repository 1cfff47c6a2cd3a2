import RoamCore
import RoamExport
import RoamStore
import RoamSystem

/// `roam-board rederive --ride N [--params FILE]`: recomputes a stopped ride's flags, derived
/// columns, segments and totals from its raw columns in one transaction (P4), recording the
/// parameters used. A FILE holds a JSON object naming only the parameters it changes: the rest keep
/// the ride's stored values (an imported ride's gap cause and provenance among them), not the defaults.
enum RederiveCommand {
    static func run(_ p: ParsedArguments) throws {
        let path = try BoardLoader.databasePath(p)
        let id = try p.value(SharedOptions.ride)
        let changes = try p.value(Options.params).map(readParameters)
        // Opening a writer creates a missing file: refuse instead of rederiving an empty database.
        try BoardLoader.requireDatabase(path)
        try refuseFileWithoutSchema(path)
        let dryRun = p.value(Options.dryRun)
        let units = try BoardLoader.units(p)
        let report: RederiveReport
        do {
            let store = try RideStore(path: path)
            if let changes {
                report = try store.rederive(ride: id, changing: changes, recordedUTCms: WallClock.nowUTCms(), dryRun: dryRun)
            } else {
                report = try store.rederive(ride: id, recordedUTCms: WallClock.nowUTCms(), dryRun: dryRun)
            }
        } catch let error as RederiveError {
            switch error {
            case .noSuchRide: throw CLIError(description: "\(error) (see 'roam-board rides')")
            case .rideRecording: throw CLIError(description: "\(error)", status: ExitStatus.failure)
            case .invalidParameters, .writtenByNewer: throw CLIError(description: "\(error)")
            }
        }
        let a = report.previousTotals, b = report.totals
        print((dryRun ? "dry run, nothing changed: ride \(id) would be rederived with" : "ride \(id) rederived with")
              + " \(report.parameters.algorithm), parameters version \(report.parameters.version)")
        print("  fixes      \(report.fixCount), \(report.fixesChanged) with changed derived columns")
        print("  gaps       \(a.gapCount) -> \(b.gapCount)"
              + (report.gapEventsRewritten ? " (gap events rewritten)" : " (unchanged)"))
        print("  distance   \(units.distance(metres: a.distanceM, digits: 3)) -> \(units.distance(metres: b.distanceM, digits: 3))")
        print("  moving     \(ClockDuration.text(seconds: a.movingS)) -> \(ClockDuration.text(seconds: b.movingS))")
        print("  ascent     \(length(a.ascentM, units)) -> \(length(b.ascentM, units))")
        print("  descent    \(length(a.descentM, units)) -> \(length(b.descentM, units))")
        print("  segments   \(a.segmentCount) -> \(b.segmentCount)")
        print("  flagged    \(a.flaggedCount) -> \(b.flaggedCount) of \(b.fixCount)")
        if dryRun { print("dry run: the database is unchanged; run again without --dry-run to write this") }
    }

    /// Metres or feet (`--units`, board.conf's `units`); metric keeps the bytes it always had.
    private static func length(_ m: Double?, _ units: UnitFormatter) -> String { m.map { units.length(metres: $0, digits: 1) } ?? "unavailable" }

    /// A file with no schema (empty, its creation cut short) is refused in the words every reader
    /// gives: the writer below would create one in it, even for --dry-run. What else a reader
    /// refuses (an older schema, a write to roll back) the writer mends or says itself.
    private static func refuseFileWithoutSchema(_ path: String) throws {
        do {
            _ = try RideReader(path: path)
        } catch let e as StoreError {
            if case .schemaTooOld(found: 0, _, _) = e { throw e }
        } catch {
            return
        }
    }

    /// Reads a parameters file; unknown keys are refused, so a misspelt threshold is never ignored.
    /// Its values are checked here, over the defaults, so a wrong one is named before the database is opened.
    static func readParameters(_ file: String) throws -> ParameterChanges {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readBytes(file) } catch {
            // The open's own cause: not there, a folder it may not search, a name too long, a loop of links.
            throw CLIError(description: "cannot read the parameters file \(file) (--params): \(error.reason)", status: ExitStatus.noInput)
        }
        do {
            // Every parameter there is: the encoded defaults would leave out the optional ones (silenceGapCause).
            let known = Set(PipelineParameters.keys)
            let given = try JSONValue.parse(bytes)
            guard let keys = given.keys, let changes = ParameterChanges(given) else {
                throw CLIError(description: "\(file): expected a JSON object of pipeline parameters")
            }
            if let unknown = keys.sorted().first(where: { !known.contains($0) }) {
                throw CLIError(description: "\(file): unknown parameter '\(unknown)' (known: \(known.sorted().joined(separator: ", ")))")
            }
            let parameters = try JSONTextDecoder().decode(PipelineParameters.self, from: given)
            let current = PipelineParameters()
            guard parameters.algorithm == current.algorithm, parameters.version == current.version else {
                throw CLIError(description: "\(file) names \(parameters.algorithm) version \(parameters.version); "
                               + "this roam-board runs \(current.algorithm) version \(current.version) (leave both out)")
            }
            return changes
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError(description: "\(file) is not valid pipeline parameters JSON: \(ErrorText.describe(error))")
        }
    }
}
