import RoamCore

/// `rederive`'s pass over a stored ride: runs its raw columns again (`Rederivation`) with the given
/// parameters and writes the derived columns that come out different.
struct RederiveWriter {
    let connection: SQLiteConnection
    let rideID: Int64
    private(set) var rederivation: Rederivation
    var pipeline: RidePipeline { rederivation.pipeline }
    private(set) var fixCount = 0
    private(set) var fixesChanged = 0
    /// Gap events the pipeline found in the fixes (the logger's own stay as they are).
    private(set) var pipelineGaps: [RideEvent] = []
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
        // What a newer roam-board wrote may depend on derived columns this one would rewrite otherwise.
        let (events, newer) = try EventColumns.events(connection, ride: row.id)
        guard newer.isEmpty else { throw RederiveError.writtenByNewer(id: row.id, newer) }
        let gaps = events.map(\.event).filter { $0.kind == .gap }
        rederivation = Rederivation(rideID: row.id, parameters: parameters, gapEvents: gaps, sortingMarkers: true)
        update = try connection.prepare(FixColumns.updateDerived)
        explored = try connection.prepare(ExploredCells.insertSQL)
    }

    mutating func run() throws {
        let select = try connection.prepare(
            "SELECT \(FixColumns.namesWithoutNMEA.joined(separator: ", ")) FROM fixes WHERE \(FixKey.ride("?1", after: "?2")) ORDER BY fix_key LIMIT ?3")
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
        _ = rederivation.finish()
    }

    private mutating func recompute(_ stored: FixRecord) throws {
        let (new, events) = rederivation.process(stored)
        fixCount += 1
        pipelineGaps += events.filter { $0.kind == .gap }
        if rederivation.awaitsBackfill(new) {
            undated.append((stored, new))
            if undated.count >= Self.maxHeldUndated { try flushUndated() }
            return
        }
        if let backfill = rederivation.backfill(anchoredAt: new) {
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
        try FixColumns.bindUpdate(new, to: update)
        try update.run()
    }

    /// True when any derived column would be written differently (a NaN differs from itself, so it is rewritten).
    static func derivedDiffer(_ a: FixRecord, _ b: FixRecord) -> Bool {
        FixColumns.derived.contains { column in column.value.map { $0(a) != $0(b) } ?? false }
    }

    /// Replaces the stored gap events the pipeline found with the ones found now, unless they are
    /// the same. Returns how many there were and whether they were rewritten.
    func replacePipelineGaps(recordedUTCms: Int64?) throws -> (before: Int, rewritten: Bool) {
        let stored = try Self.gapEvents(connection, ride: rideID).filter { $0.event.beforeSeq == nil }
        let same = stored.count == pipelineGaps.count && zip(stored, pipelineGaps).allSatisfy { s, n in
            s.event.monoNs == n.monoNs && s.event.utcMs == n.utcMs && s.event.detail == n.detail
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

    private static func gapEvents(_ connection: SQLiteConnection, ride: Int64) throws -> [StoredEvent] {
        try EventColumns.events(connection, ride: ride, kind: .gap).rows
    }
}
