import RoamCore

extension Rederivation {
    /// `check` for one ride: replays its stored fixes with its stored parameters and compares
    /// every derived column, the ride's totals and its stored pipeline state with what is stored (P2).
    /// `forEachFix` calls its body with each stored fix of the ride in `seq` order.
    static func compare(row: RideRow, events: [RideEvent],
                        forEachFix: ((FixRecord) throws -> Void) throws -> Void) throws -> ConsistencyReport.Ride {
        var problems: [String] = []
        let gaps = events.filter { $0.kind == .gap }
        var lastPosition: Int64?
        for event in gaps {
            // Every cause is known here: `check` does not judge a ride a newer roam-board wrote in (`NewerEvents`).
            guard let seq = event.beforeSeq else { continue }
            if let last = lastPosition, seq < last {
                problems.append("gap marker before fix \(seq) was recorded after one before fix \(last)")
            }
            lastPosition = seq
        }
        let storedPipelineGaps = gaps.filter { $0.beforeSeq == nil }.count

        var replay = Rederivation(rideID: row.id, parameters: row.parameters, gapEvents: gaps, sortingMarkers: false)
        // An older pipeline's ride lacks only the flags brought since; all else it derived alike.
        let unknownToItsPipeline = FixFlags.unknown(to: row.parameters.algorithm)
        var replayGaps = 0, count = 0
        var columns = DerivedColumnCheck()
        var expectedSeq: Int64 = 0
        try forEachFix { fix in
            if fix.seq != expectedSeq {
                problems.append(fix.seq > expectedSeq ? "fixes \(expectedSeq)...\(fix.seq - 1) are missing"
                                                      : "fix \(fix.seq) is out of order after \(expectedSeq - 1)")
            }
            expectedSeq = fix.seq + 1
            let (recomputed, caused) = replay.process(fix)
            var record = recomputed
            record.flags.subtract(unknownToItsPipeline)
            replayGaps += caused.filter { $0.kind == .gap }.count
            count += 1
            columns.add(stored: fix, recomputed: record, replay: replay)
        }
        // The last fixes stored may be an undated run not yet back-filled (a live ride): as stored.
        columns.finish()
        problems += columns.lines
        if columns.mismatchedFixes > DerivedColumnCheck.shownFixes {
            problems.append("… \(columns.mismatchedFixes) fixes in all have derived columns that their raw columns do not imply")
        }
        if columns.mismatchedFixes > 0 {
            problems.append("rederive recomputes the derived columns from the raw ones: roam-board rederive --ride \(row.id)"
                            + (row.state == .stopped ? "" : ", once the ride is stopped"))
        }
        let pastTheEnd = replay.finish()
        let state = replay.pipeline.state
        if pastTheEnd > 0 {
            problems.append("\(pastTheEnd) gap markers point past the last fix (\(state.nextSeq - 1))")
        }
        if replayGaps != storedPipelineGaps {
            problems.append("\(storedPipelineGaps) gap events found by the pipeline are stored, the fixes imply \(replayGaps)")
        }
        if row.pipelineState.nextSeq != state.nextSeq {
            problems.append("stored pipeline state continues at fix \(row.pipelineState.nextSeq), the fixes end at \(state.nextSeq - 1)")
        }
        // The row's columns hold some totals (those named in RideColumns); the stored state holds all.
        problems += TotalsComparison.differences(stored: row.totals, recomputed: state.totals,
                                                 storedLabel: "ride row", only: Self.totalsColumns)
        problems += TotalsComparison.differences(stored: row.pipelineState.totals, recomputed: state.totals,
                                                 storedLabel: "stored pipeline state")
        // The rest of the state, part by part: what a recording ride resumes from.
        let stateDifferences = PipelineStateCheck.differences(stored: row.pipelineState, replayed: state)
        problems += stateDifferences
        if !stateDifferences.isEmpty {
            problems.append("rederive writes the pipeline state the fixes imply: roam-board rederive --ride \(row.id)"
                            + (row.state == .stopped ? "" : ", once the ride is stopped"))
        }
        var ride = ConsistencyReport.Ride(id: row.id, state: row.state, fixCount: count,
                                          gapMarkers: replay.markers.count, problems: problems)
        ride.gaps = row.totals.gapCount
        return ride
    }

    static let totalsColumns = Set(RideColumns.totals.writtenNames)
}
