import RoamCore

/// What `storeImport` did with one file's epochs.
public enum ImportOutcome: Sendable, Equatable {
    /// A new stopped ride, with the totals the pipeline computed.
    case imported(rideID: Int64, totals: RideTotals)
    /// A file with the same content key is already ride `rideID`: nothing was written.
    case alreadyImported(rideID: Int64)
    /// A stored ride spans most of the same time (another file of the same ride: a device's FIT and
    /// a website's GPX, or the board's own recording): one rider rides one ride at a time, so
    /// nothing was written and history does not count it twice.
    case sameTimeAs(rideID: Int64)
}

extension RideStore {
    /// The ride a file with `contentKey` was imported as, if any.
    public func importedRide(contentKey: String) throws(SQLiteError) -> Int64? {
        let select = try connection.prepare("SELECT ride_id FROM imports WHERE content_key = ?1")
        try select.bind(contentKey, at: 1)
        guard try select.step() else { return nil }
        return select.int64(at: 0)
    }

    /// The first stored ride over more than half of `first`…`last`: it covers most of the file's
    /// time. Not half of the shorter span: a few minutes recorded by the board during a long ride
    /// do not make the whole ride's file "already there".
    public func rideOverlapping(firstUTCms first: Int64, lastUTCms last: Int64) throws(SQLiteError) -> Int64? {
        let select = try connection.prepare("""
            SELECT id FROM rides WHERE started_utc_ms IS NOT NULL
               AND 2 * (MIN(COALESCE(ended_utc_ms, started_utc_ms), ?2) - MAX(started_utc_ms, ?1)) > ?2 - ?1
             ORDER BY id LIMIT 1
            """)
        try select.bind(first, at: 1)
        try select.bind(last, at: 2)
        guard try select.step() else { return nil }
        return select.int64(at: 0)
    }

    /// Runs a file's epochs through the ride pipeline, exactly as the recorder's commit thread does
    /// (flags, segments, gaps, auto-pause, smoothing, barometric climb, explored cells), and writes
    /// the stopped ride, its fixes, events, cells and `provenance` in ONE transaction: a cut
    /// mid-import loses this ride only, and never leaves a half ride or a ride still "recording".
    /// The same content key imported before is a no-op (`alreadyImported`), checked in the same
    /// transaction. Epochs carry no NMEA sentences: an imported ride never claims raw receiver text.
    /// `breaksBefore`: the epochs (by index) where the file starts a new track segment, each a gap
    /// (`GapCause.fileSegmentBreak`) placed before that fix, as the recorder places a restart (P5).
    public func storeImport(_ epochs: [SensorEpoch], breaksBefore: Set<Int> = [], parameters: PipelineParameters,
                            provenance: ImportProvenance) throws -> ImportOutcome {
        let json = PipelineJSON()
        let parametersJSON = try json.packed(parameters, .parameters1)
        let fresh = RideColumns.stored(PipelineState())
        return try connection.inTransaction { () throws(SQLiteError) -> ImportOutcome in
            if let existing = try importedRide(contentKey: provenance.contentKey) { return .alreadyImported(rideID: existing) }
            if let first = epochs.lazy.compactMap(\.epoch.utcMs).min(), let last = epochs.lazy.compactMap(\.epoch.utcMs).max(),
               let same = try rideOverlapping(firstUTCms: first, lastUTCms: last) {
                return .sameTimeAs(rideID: same)
            }
            let insertRide = try connection.prepare("""
                INSERT INTO rides (id, state, started_mono_ns, started_utc_ms, ended_utc_ms, pipeline_state, parameters,
                                   params_version, last_commit_utc_ms)
                VALUES (\(RideIDFloor.nextID), 'stopped', ?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """)
            var b = RowBinder(insertRide)
            try b.add(Int64(bitPattern: epochs.first?.monoNs ?? 0))
            try b.add(epochs.lazy.compactMap(\.epoch.utcMs).min())
            try b.add(epochs.lazy.compactMap(\.epoch.utcMs).max())
            try b.add(fresh)
            try b.add(parametersJSON)
            try b.add(parameters.version)
            try b.add(provenance.importedUTCms)
            try insertRide.run()
            let id = connection.lastInsertRowID

            var pipeline = RidePipeline(rideID: id, state: PipelineState(), parameters: parameters)
            let insertFix = try connection.prepare(FixColumns.insert)
            let insertExplored = try connection.prepare(ExploredCells.insertSQL)
            let insertEvent = try connection.prepare(EventColumns.insert)
            let first = epochs.first.map { RideEvent(kind: .start, monoNs: $0.monoNs, utcMs: $0.epoch.utcMs, detail: provenance.sentence) }
            var events = first.map { [$0] } ?? []
            var chunk: [FixRecord] = []
            chunk.reserveCapacity(512)
            for (index, epoch) in epochs.enumerated() {
                if index > 0, breaksBefore.contains(index) {
                    // Stamped where the track stopped, as the pipeline stamps a gap it finds itself.
                    var gap = pipeline.markGap(.fileSegmentBreak, monoNs: epochs[index - 1].monoNs)
                    gap.utcMs = epochs[index - 1].epoch.utcMs
                    gap.beforeSeq = pipeline.state.nextSeq
                    events.append(gap)
                }
                let (fix, found) = pipeline.process(epoch)
                events += found
                chunk.append(fix)
                if chunk.count == 512 { try write(&chunk, ride: id, fix: insertFix, explored: insertExplored) }
            }
            try write(&chunk, ride: id, fix: insertFix, explored: insertExplored)
            if let last = epochs.last {
                events.append(RideEvent(kind: .stop, monoNs: last.monoNs, utcMs: last.epoch.utcMs, detail: provenance.sentence))
            }
            for event in events {
                try EventColumns.insert(event, ride: id, recordedUTCms: provenance.importedUTCms, using: insertEvent)
            }

            let update = try connection.prepare("UPDATE rides SET \(RideColumns.totalsAssignments), pipeline_state = ?12 WHERE id = ?1")
            var u = RowBinder(update)
            try u.add(id)
            try RideColumns.bindTotals(pipeline.state.totals, to: &u)
            try u.add(RideColumns.stored(pipeline.state))
            try update.run()

            let insertImport = try connection.prepare("""
                INSERT INTO imports (ride_id, content_key, file_name, format, device, imported_utc_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            var i = RowBinder(insertImport)
            try i.add(id)
            try i.add(provenance.contentKey)
            try i.add(provenance.fileName)
            try i.add(provenance.format)
            try i.add(provenance.device)
            try i.add(provenance.importedUTCms)
            try insertImport.run()
            return .imported(rideID: id, totals: pipeline.state.totals)
        }
    }

    private func write(_ fixes: inout [FixRecord], ride: Int64, fix insertFix: SQLiteStatement,
                       explored: SQLiteStatement) throws(SQLiteError) {
        for fix in fixes {
            defer { insertFix.reset() }
            try FixColumns.bind(fix, to: insertFix)
            try insertFix.run()
        }
        try ExploredCells.insert(fixes, ride: ride, using: explored)
        fixes.removeAll(keepingCapacity: true)
    }
}
