import RoamCore
import RoamSystem

/// Why `rederive` refused a ride.
public enum RederiveError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchRide(id: Int64, path: String)
    /// The recorder owns a recording ride's derived columns and state; recomputing under it would race.
    case rideRecording(id: Int64)
    case invalidParameters(String)
    /// Its events hold kinds or gap causes this roam-board does not know (`NewerEvents`).
    case writtenByNewer(id: Int64, NewerEvents)

    public var description: String {
        switch self {
        case let .noSuchRide(id, path): return "no ride \(id) in \(FilePath.shown(path))"
        case let .rideRecording(id): return "ride \(id) is still recording; rederive it after it is stopped"
        case let .invalidParameters(problem): return "the pipeline parameters are not usable: \(problem)"
        case let .writtenByNewer(id, newer):
            return "ride \(id) \(newer.sentence ?? "holds what a newer roam-board wrote"); this roam-board cannot rederive it "
                + "without knowing those: rederive it with a newer roam-board"
        }
    }
}

/// What `rederive` recomputed and wrote.
public struct RederiveReport: Sendable, Equatable {
    public var rideID: Int64
    public var parameters: PipelineParameters
    public var previousTotals: RideTotals
    public var totals: RideTotals
    public var fixCount: Int
    /// Fixes whose derived columns changed (0 when run again with the same parameters).
    public var fixesChanged: Int
    /// Gap events the pipeline found (no fix, spatial jump), before and after.
    public var pipelineGapsBefore: Int
    public var pipelineGapsAfter: Int
    public var gapEventsRewritten: Bool
}

extension RideStore {
    /// `roam-board rederive` (P4): recomputes a stopped ride's flags, derived columns, segments, gap
    /// events and totals from its raw columns with `parameters` (default: the ride's own), in one
    /// transaction, and records the parameters used, under this build's algorithm name. Raw
    /// columns are never written (the schema refuses it); rows and events whose derived values
    /// come out the same are not touched, so a second run with the same parameters changes
    /// nothing. Explored cells are only added, or take this ride's visit when it is earlier.
    /// With `dryRun` everything is computed in the transaction, then rolled back: the report says
    /// what would change and the database keeps every byte.
    public func rederive(ride id: Int64, parameters: PipelineParameters? = nil, recordedUTCms: Int64?,
                         dryRun: Bool = false) throws -> RederiveReport {
        try rederive(ride: id, recordedUTCms: recordedUTCms, dryRun: dryRun) { stored in parameters ?? stored }
    }

    /// `rederive` with the ride's stored parameters, `changes` set over them (`rederive --params FILE`).
    public func rederive(ride id: Int64, changing changes: ParameterChanges, recordedUTCms: Int64?,
                         dryRun: Bool = false) throws -> RederiveReport {
        try rederive(ride: id, recordedUTCms: recordedUTCms, dryRun: dryRun) { stored in
            do { return try changes.applied(to: stored) } catch { throw RederiveError.invalidParameters("\(error)") }
        }
    }

    private func rederive(ride id: Int64, recordedUTCms: Int64?, dryRun: Bool,
                          parameters: (PipelineParameters) throws -> PipelineParameters) throws -> RederiveReport {
        guard let row = try ride(id: id) else { throw RederiveError.noSuchRide(id: id, path: path) }
        guard row.state == .stopped else { throw RederiveError.rideRecording(id: id) }
        var params = try parameters(row.parameters)
        // The parameters recorded name the code that produced the columns: this build's.
        params.version = PipelineParameters().version
        params.algorithm = PipelineParameters().algorithm
        if let problem = params.problem { throw RederiveError.invalidParameters(problem) }
        let json = PipelineJSON()
        let parametersJSON = try json.packed(params, .parameters1)
        return try inWriteTransaction(rollingBack: dryRun) {
            var run = try RederiveWriter(connection: connection, row: row, parameters: params)
            try run.run()
            let (before, rewritten) = try run.replacePipelineGaps(recordedUTCms: recordedUTCms)
            let update = try connection.prepare("""
                UPDATE rides SET \(RideColumns.totalsAssignments), pipeline_state = ?12, parameters = ?13, params_version = ?14
                WHERE id = ?1
                """)
            var b = RowBinder(update)
            try b.add(id)
            try RideColumns.bindTotals(run.pipeline.state.totals, to: &b)
            try b.add(RideColumns.stored(run.pipeline.state))
            try b.add(parametersJSON)
            try b.add(params.version)
            try update.run()
            return RederiveReport(rideID: id, parameters: params, previousTotals: row.pipelineState.totals,
                                  totals: run.pipeline.state.totals, fixCount: run.fixCount, fixesChanged: run.fixesChanged,
                                  pipelineGapsBefore: before, pipelineGapsAfter: run.pipelineGaps.count,
                                  gapEventsRewritten: rewritten)
        }
    }

    /// `BEGIN IMMEDIATE … COMMIT` for a body that throws more than SQLite errors (rows that do not
    /// decode, JSON). Any error rolls back; the body's error is the one reported.
    private func inWriteTransaction<T>(rollingBack: Bool = false, _ body: () throws -> T) throws -> T {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try connection.execute(rollingBack ? "ROLLBACK" : "COMMIT")
            return result
        } catch {
            guard !connection.isAutocommit else { throw error }
            do {
                try connection.execute("ROLLBACK")
            } catch let rollback {
                throw SQLiteError(code: rollback.code, message: "\(error); and rolling back failed: \(rollback.message)",
                                  sql: rollback.sql, path: path)
            }
            throw error
        }
    }
}
