import RoamCore

/// Runs one ride's stored fixes through the same pure pipeline that recorded them, from a fresh
/// state with the ride's stored parameters, calling `markGap` where the recorder did (the gap
/// markers), and compares every derived column and the ride's totals with what is stored (P2).
/// Nothing is re-implemented here: as the pipeline grows, the check grows with it.
struct RideReplay {
    private static let shownMismatches = 3

    let row: RideRow
    let events: [RideEvent]

    func run(fixes: FixCursor) throws -> ConsistencyReport.Ride {
        var problems: [String] = []
        var markers: [(beforeSeq: Int64, cause: GapCause, monoNs: UInt64?)] = []
        var storedPipelineGaps = 0
        for event in events where event.kind == .gap {
            guard let (causeText, seq) = GapMarker.parse(event.detail) else { storedPipelineGaps += 1; continue }
            guard let cause = GapCause(rawValue: causeText) else {
                problems.append("gap event '\(event.detail)' names no known cause"); continue
            }
            if let last = markers.last, seq < last.beforeSeq {
                problems.append("gap marker before fix \(seq) was recorded after one before fix \(last.beforeSeq)")
            }
            markers.append((seq, cause, event.monoNs))
        }

        var pipeline = RidePipeline(rideID: row.id, state: PipelineState(), parameters: row.parameters)
        var nextMarker = 0
        var replayGaps = 0, count = 0, mismatched = 0
        var expectedSeq: Int64 = 0
        func applyMarkers(upTo seq: Int64) {
            while nextMarker < markers.count, markers[nextMarker].beforeSeq <= seq {
                _ = pipeline.markGap(markers[nextMarker].cause, monoNs: markers[nextMarker].monoNs)
                nextMarker += 1
            }
        }
        while let fix = try fixes.next() {
            if fix.seq != expectedSeq {
                problems.append(fix.seq > expectedSeq ? "fixes \(expectedSeq)...\(fix.seq - 1) are missing"
                                                      : "fix \(fix.seq) is out of order after \(expectedSeq - 1)")
            }
            expectedSeq = fix.seq + 1
            applyMarkers(upTo: fix.seq)
            let (record, caused) = pipeline.process(fix.storedInput)
            replayGaps += caused.filter { $0.kind == .gap }.count
            count += 1
            let diffs = Self.derivedDifferences(stored: fix, recomputed: record)
            if !diffs.isEmpty {
                mismatched += 1
                if mismatched <= Self.shownMismatches { problems.append("fix \(fix.seq): " + diffs.joined(separator: "; ")) }
            }
        }
        if mismatched > Self.shownMismatches {
            problems.append("… \(mismatched) fixes in all have derived columns that their raw columns do not imply")
        }
        applyMarkers(upTo: pipeline.state.nextSeq)
        if nextMarker < markers.count {
            problems.append("\(markers.count - nextMarker) gap markers point past the last fix (\(pipeline.state.nextSeq - 1))")
        }
        if replayGaps != storedPipelineGaps {
            problems.append("\(storedPipelineGaps) gap events found by the pipeline are stored, the fixes imply \(replayGaps)")
        }
        if row.pipelineState.nextSeq != pipeline.state.nextSeq {
            problems.append("stored pipeline state continues at fix \(row.pipelineState.nextSeq), the fixes end at \(pipeline.state.nextSeq - 1)")
        }
        // The row's columns hold some totals (those named in RideColumns); the stored state holds all.
        problems += TotalsComparison.differences(stored: row.totals, recomputed: pipeline.state.totals,
                                                 storedLabel: "ride row", only: Self.totalsColumns)
        problems += TotalsComparison.differences(stored: row.pipelineState.totals, recomputed: pipeline.state.totals,
                                                 storedLabel: "stored pipeline state")
        var ride = ConsistencyReport.Ride(id: row.id, state: row.state, fixCount: count, gapMarkers: markers.count, problems: problems)
        ride.gaps = row.totals.gapCount
        return ride
    }

    static let totalsColumns = Set(RideColumns.totalsColumns.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" })
        .map(String.init))

    /// The derived columns of `fixes` that feed the totals, stored against recomputed. Times and
    /// flags are left out: a later batch may back-fill them once the receiver sends a date.
    static func derivedDifferences(stored a: FixRecord, recomputed b: FixRecord) -> [String] {
        var lines: [String] = []
        func compare(_ name: String, _ x: Any, _ y: Any) {
            if !TotalsComparison.equal(x, y) { lines.append("\(name): stored \(x), fixes imply \(y)") }
        }
        compare("segment", a.segment, b.segment)
        compare("distance_added_m", a.distanceAddedM, b.distanceAddedM)
        return lines
    }
}
