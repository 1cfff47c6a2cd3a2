import RoamCore

/// Runs a stored ride's raw columns through the pipeline again, from a fresh state, and writes the
/// derived columns that come out different. Logger gaps (restarts, a silent receiver) are not in
/// the raw columns: their events carry the fix they preceded (`GapMarker`), and `markGap` is
/// called there again, exactly as the recorder did.
struct Recomputation {
    let connection: SQLiteConnection
    let rideID: Int64
    private(set) var pipeline: RidePipeline
    private(set) var fixCount = 0
    private(set) var fixesChanged = 0
    /// Gap events the pipeline found in the fixes (the logger's own stay as they are).
    private(set) var pipelineGaps: [RideEvent] = []
    private let markers: [(beforeSeq: Int64, cause: GapCause, monoNs: UInt64?)]
    private var nextMarker = 0
    /// Fixes of an undated run, held until its back-fill dates them (or the run ends undated).
    private var undated: [(stored: FixRecord, new: FixRecord)] = []
    private let update: SQLiteStatement
    private let explored: SQLiteStatement

    static let chunk = 2_000
    /// Beyond this many undated fixes the run is written undated and dated in SQL later.
    static let maxHeldUndated = 10_000

    init(connection: SQLiteConnection, row: RideRow, parameters: PipelineParameters) throws {
        self.connection = connection
        rideID = row.id
        pipeline = RidePipeline(rideID: row.id, state: PipelineState(), parameters: parameters)
        var markers: [(Int64, GapCause, UInt64?)] = []
        for event in try Self.gapEvents(connection, ride: row.id) {
            guard let (causeText, seq) = GapMarker.parse(event.detail) else { continue }
            guard let cause = GapCause(rawValue: causeText) else {
                throw StoreError.corruptRow(table: "events", detail: "gap event '\(event.detail)' names no known cause",
                                            path: connection.path)
            }
            markers.append((seq, cause, event.monoNs))
        }
        self.markers = markers.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        update = try connection.prepare("""
            UPDATE fixes SET t_utc_ms = ?3, t_source = ?4, flags = ?5, segment = ?6, smooth_lat_deg = ?7,
                             smooth_lon_deg = ?8, baro_alt_m = ?9, distance_added_m = ?10
            WHERE fix_key = \(FixKey.of("?1", "?2"))
            """)
        explored = try connection.prepare(ExploredCells.insertSQL)
    }

    mutating func run() throws {
        let select = try connection.prepare(
            "SELECT \(FixColumns.names.joined(separator: ", ")) FROM fixes WHERE \(FixKey.ride("?1")) AND fix_key > \(FixKey.of("?1", "?2")) ORDER BY fix_key LIMIT ?3")
        var after: Int64 = -1
        while true {
            try select.bind(rideID, at: 1)
            try select.bind(after, at: 2)
            try select.bind(Self.chunk, at: 3)
            var rows: [FixRecord] = []
            do {
                defer { select.reset() }
                while try select.step() { rows.append(try FixColumns.read(select, path: connection.path)) }
            }
            guard let last = rows.last else { break }
            for stored in rows { try recompute(stored) }
            after = last.seq
        }
        try flushUndated()
        applyMarkers(upTo: pipeline.state.nextSeq)
    }

    private mutating func recompute(_ stored: FixRecord) throws {
        applyMarkers(upTo: stored.seq)
        let (new, events) = pipeline.process(stored.storedInput)
        fixCount += 1
        pipelineGaps += events.filter { $0.kind == .gap }
        if new.timeSource == .monotonicOnly, pipeline.state.clock.undatedFromSeq != nil {
            undated.append((stored, new))
            if undated.count >= Self.maxHeldUndated { try flushUndated() }
            return
        }
        if let backfill = pipeline.state.backfill, backfill.anchorSeq == new.seq {
            for i in undated.indices where undated[i].new.seq >= backfill.fromSeq {
                let n = undated[i].new
                if let utc = backfill.utcMs(monoNs: n.monoNs, timeOfDayMs: n.epoch.timeOfDayMs) {
                    undated[i].new.utcMs = utc
                    undated[i].new.timeSource = .backfilled
                }
            }
            // Part of a very long run may already be written undated: date it in place.
            try BackfillWriter.apply(backfill, ride: rideID, connection: connection)
        }
        try flushUndated()
        try write(stored, new)
    }

    private mutating func flushUndated() throws {
        for (stored, new) in undated { try write(stored, new) }
        undated.removeAll(keepingCapacity: true)
    }

    private mutating func write(_ stored: FixRecord, _ new: FixRecord) throws {
        try ExploredCells.insert(CollectionOfOne(new), ride: rideID, using: explored)
        guard Self.derivedDiffer(stored, new) else { return }
        fixesChanged += 1
        defer { update.reset() }
        var b = RowBinder(update)
        try b.add(rideID)
        try b.add(new.seq)
        try FixColumns.bindDerived(new, to: &b)
        try update.run()
    }

    private mutating func applyMarkers(upTo seq: Int64) {
        while nextMarker < markers.count, markers[nextMarker].beforeSeq <= seq {
            _ = pipeline.markGap(markers[nextMarker].cause, monoNs: markers[nextMarker].monoNs)
            nextMarker += 1
        }
    }

    static func derivedDiffer(_ a: FixRecord, _ b: FixRecord) -> Bool {
        a.utcMs != b.utcMs || a.timeSource != b.timeSource || a.flags != b.flags || a.segment != b.segment
            || a.smoothedLatDeg != b.smoothedLatDeg || a.smoothedLonDeg != b.smoothedLonDeg
            || a.baroAltM != b.baroAltM || a.distanceAddedM != b.distanceAddedM
    }

    /// Replaces the stored gap events the pipeline found with the ones found now, unless they are
    /// the same. Returns how many there were and whether they were rewritten.
    func replacePipelineGaps(recordedUTCms: Int64?) throws -> (before: Int, rewritten: Bool) {
        let stored = try Self.gapEvents(connection, ride: rideID).filter { GapMarker.parse($0.detail) == nil }
        let same = stored.count == pipelineGaps.count && zip(stored, pipelineGaps).allSatisfy { s, n in
            s.monoNs == n.monoNs && s.utcMs == n.utcMs && s.detail == n.detail
        }
        guard !same else { return (stored.count, false) }
        let delete = try connection.prepare("DELETE FROM events WHERE id = ?1")
        for event in stored {
            defer { delete.reset() }
            try delete.bind(event.id, at: 1)
            try delete.run()
        }
        let insert = try connection.prepare(EventColumns.insert)
        for event in pipelineGaps {
            try EventColumns.insert(event, ride: rideID, recordedUTCms: recordedUTCms, using: insert)
        }
        return (stored.count, true)
    }

    private struct StoredGap {
        var id: Int64
        var monoNs: UInt64?
        var utcMs: Int64?
        var detail: String
    }

    private static func gapEvents(_ connection: SQLiteConnection, ride: Int64) throws(SQLiteError) -> [StoredGap] {
        let select = try connection.prepare(
            "SELECT id, t_mono_ns, t_utc_ms, detail FROM events WHERE ride_id = ?1 AND kind = 'gap' ORDER BY id")
        try select.bind(ride, at: 1)
        var gaps: [StoredGap] = []
        while try select.step() {
            gaps.append(StoredGap(id: select.int64(at: 0), monoNs: select.optionalInt64(at: 1).map { UInt64(bitPattern: $0) },
                                  utcMs: select.optionalInt64(at: 2), detail: select.text(at: 3)))
        }
        return gaps
    }
}
