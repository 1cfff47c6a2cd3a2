import RoamCore

/// How a `RideRow` maps onto the columns of `rides`, shared by the writer and the reader.
enum RideColumns {
    static let select = """
        SELECT id, state, started_mono_ns, started_utc_ms, ended_utc_ms, distance_m, moving_s, elapsed_s,
               ascent_m, descent_m, max_speed_mps, fix_count, accepted_count, flagged_count, gap_count,
               parked_count, lost_count, pipeline_state, parameters, last_commit_utc_ms, dumped_utc_ms
        FROM rides
        """

    /// Totals columns in the order `bindTotals` binds them.
    static let totalsColumns = """
        distance_m, moving_s, elapsed_s, ascent_m, descent_m, max_speed_mps,
        fix_count, accepted_count, flagged_count, gap_count
        """

    /// The same columns as `SET` assignments to ?2 … ?11.
    static let totalsAssignments = """
        distance_m = ?2, moving_s = ?3, elapsed_s = ?4, ascent_m = ?5, descent_m = ?6, max_speed_mps = ?7,
        fix_count = ?8, accepted_count = ?9, flagged_count = ?10, gap_count = ?11
        """

    /// Binds ?2 … ?11 of a statement that uses `totalsAssignments`.
    static func bindTotals(_ totals: RideTotals, to binder: inout RowBinder) throws(SQLiteError) {
        try binder.add(totals.distanceM)
        try binder.add(totals.movingS)
        try binder.add(totals.elapsedS)
        try binder.add(totals.ascentM)
        try binder.add(totals.descentM)
        try binder.add(totals.maxSpeedMps)
        try binder.add(totals.fixCount)
        try binder.add(totals.acceptedCount)
        try binder.add(totals.flaggedCount)
        try binder.add(totals.gapCount)
    }

    /// Decodes the current row of a statement that selected `select`.
    static func read(_ statement: SQLiteStatement, json: PipelineJSON, path: String) throws -> RideRow {
        var r = RowReader(statement)
        let id = r.int64()
        let stateText = r.text()
        guard let state = RideRow.State(rawValue: stateText) else {
            throw StoreError.corruptRow(table: "rides", detail: "ride \(id) has state '\(stateText)'", path: path)
        }
        let startedMonoNs = UInt64(bitPattern: r.int64())
        let startedUTCms = r.optionalInt64(), endedUTCms = r.optionalInt64()
        var totals = RideTotals()
        totals.distanceM = r.double()
        totals.movingS = r.double()
        totals.elapsedS = r.double()
        totals.ascentM = r.optionalDouble()
        totals.descentM = r.optionalDouble()
        totals.maxSpeedMps = r.double()
        totals.fixCount = r.int()
        totals.acceptedCount = r.int()
        totals.flaggedCount = r.int()
        totals.gapCount = r.int()
        let parked = r.int(), lost = r.int()
        let stateJSON = r.text(), parametersJSON = r.text()
        let lastCommitUTCms = r.optionalInt64(), dumpedUTCms = r.optionalInt64()
        let pipelineState: PipelineState, parameters: PipelineParameters
        do {
            pipelineState = try json.decode(PipelineState.self, from: stateJSON)
            parameters = try json.decode(PipelineParameters.self, from: parametersJSON)
        } catch {
            throw StoreError.corruptRow(table: "rides", detail: "ride \(id): \(error)", path: path)
        }
        // The bridged part of the distance has no column of its own: it lives in the pipeline
        // state, committed in the same transaction as distance_m (P1), and is 0 for older rides.
        totals.bridgedM = pipelineState.totals.bridgedM
        totals.bridgedGaps = pipelineState.totals.bridgedGaps
        return RideRow(id: id, state: state, startedMonoNs: startedMonoNs, startedUTCms: startedUTCms,
                       endedUTCms: endedUTCms, totals: totals, parkedCount: parked, lostCount: lost,
                       pipelineState: pipelineState, parameters: parameters,
                       lastCommitUTCms: lastCommitUTCms, dumpedUTCms: dumpedUTCms)
    }
}
