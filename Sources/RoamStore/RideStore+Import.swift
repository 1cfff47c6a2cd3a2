import RoamCore

/// What `storeImport` did with one file's epochs.
public enum ImportOutcome: Sendable, Equatable {
    /// A new stopped ride (or an interrupted import of the same file finished), with the pipeline's totals.
    case imported(rideID: Int64, totals: RideTotals)
    /// A file with the same content key is already ride `rideID`: nothing was written.
    case alreadyImported(rideID: Int64)
    /// A stored ride covers most of the file's time along the same track (another file of the same
    /// ride: a device's FIT and a website's GPX, or the board's own recording): nothing was written
    /// and history does not count it twice. Decided by RoamImport (`SameRide`).
    case sameRideAs(rideID: Int64)
    /// Ride `rideID` is the import of `fileName` (another file of this ride, or this very file),
    /// unfinished: only part of that file is stored, by an import running now or one cut short. Where
    /// it has fixes it is this ride, but a part cannot say whether the whole is: nothing was written,
    /// and this file is judged against the whole once that import is finished.
    case unfinishedImport(rideID: Int64, fileName: String)
}

extension RideStore {
    /// Fixes written per transaction by `storeImport`: a commit of the recorder waits at most for one
    /// such chunk (docs/IMPORT.md has the figures), never for a whole long ride.
    public static let importFixesPerCommit = 2_000

    /// The ride a file with `contentKey` was imported as, whole; an unfinished import is not it.
    public func importedRide(contentKey: String) throws(SQLiteError) -> Int64? {
        let select = try connection.prepare("SELECT ride_id FROM imports WHERE content_key = ?1")
        try select.bind(contentKey, at: 1)
        guard try select.step() else { return nil }
        return select.int64(at: 0)
    }

    /// The stored rides over more than half of `first`…`last`: each covers most of the file's
    /// time. Not half of the shorter span: a few minutes recorded by the board during a long ride
    /// do not make the whole ride's file "already there". A ride still recording has no end yet
    /// (a power cut leaves it so until the next start resumes it): its last dated fix is its end so far.
    public func ridesOverlapping(firstUTCms first: Int64, lastUTCms last: Int64) throws(SQLiteError) -> [Int64] {
        let select = try connection.prepare("""
            SELECT id FROM rides WHERE started_utc_ms IS NOT NULL
               AND 2 * (MIN(COALESCE(ended_utc_ms, (SELECT t_utc_ms FROM fixes WHERE \(FixKey.ride("rides.id"))
                                                     AND t_utc_ms IS NOT NULL ORDER BY fix_key DESC LIMIT 1),
                                     started_utc_ms), ?2) - MAX(started_utc_ms, ?1)) > ?2 - ?1
             ORDER BY id
            """)
        try select.bind(first, at: 1)
        try select.bind(last, at: 2)
        var ids: [Int64] = []
        while try select.step() { ids.append(select.int64(at: 0)) }
        return ids
    }

    /// Runs a file's epochs through the ride pipeline, exactly as the recorder's commit thread does
    /// (flags, segments, gaps, auto-pause, smoothing, barometric climb, explored cells), and writes
    /// the stopped ride in chunks of `fixesPerCommit` fixes, one transaction each, like the
    /// recorder's batches: the recorder committing into the same database waits for one chunk at
    /// most, not for the whole file. Until the last chunk lands, the ride's provenance carries the
    /// unfinished key (`ImportProvenance.isUnfinished`): readers say "import unfinished", and the
    /// same file imported again continues from the pipeline state of the last chunk stored, so an
    /// interrupted import never shows as a whole ride and is finished, not stored twice. Each later
    /// chunk checks in its transaction that no other import of the file wrote meanwhile.
    /// The same content key imported whole before is a no-op (`alreadyImported`). `sameRide` names
    /// the stored ride this file already is (`SameRide` in RoamImport), if any: it is asked inside the
    /// first chunk's transaction, under the write lock, so the check and the ride's claim are one
    /// decision and two files of one ride imported at once by two processes cannot both be stored.
    /// `breaksBefore`: the epochs (by index) where the file starts a new track segment, each a gap
    /// (`GapCause.fileSegmentBreak`, or the cause `breakCauses` gives that index) placed before that
    /// fix, as the recorder places a restart (P5).
    /// `afterCommit` runs after each chunk's commit with the fixes stored so far, outside any transaction.
    public func storeImport(_ epochs: [SensorEpoch], breaksBefore: Set<Int> = [], breakCauses: [Int: GapCause] = [:],
                            parameters: PipelineParameters,
                            provenance: ImportProvenance, fixesPerCommit: Int = importFixesPerCommit,
                            sameRide: () throws(SQLiteError) -> Int64? = { nil },
                            afterCommit: (Int) throws -> Void = { _ in }) throws -> ImportOutcome {
        let unfinishedKey = ImportProvenance.unfinishedPrefix + provenance.contentKey
        let parametersJSON = try PipelineJSON().packed(parameters, .parameters1)
        if let existing = try importedRide(contentKey: provenance.contentKey) { return .alreadyImported(rideID: existing) }
        // A ride is created with its first chunk: a file of one chunk is one transaction, as before.
        var id = try importedRide(contentKey: unfinishedKey)
        var pipeline = RidePipeline(rideID: id ?? 0, state: PipelineState(), parameters: parameters)
        if let id {
            guard let row = try ride(id: id) else {
                throw SQLiteError(code: .error, message: "the unfinished import's ride \(id) is missing", path: path)
            }
            pipeline = RidePipeline(rideID: id, state: row.pipelineState, parameters: row.parameters)
        }
        let insertFix = try connection.prepare(FixColumns.insert)
        let insertExplored = try connection.prepare(ExploredCells.insertSQL)
        let insertEvent = try connection.prepare(EventColumns.insert)
        let update = try connection.prepare("UPDATE rides SET \(RideColumns.totalsAssignments), pipeline_state = ?12 WHERE id = ?1")
        var from = Int(pipeline.state.nextSeq)
        repeat {
            // The pipeline runs before the write lock is taken: the transaction only writes.
            let to = min(from + max(fixesPerCommit, 1), epochs.count)
            var fixes: [FixRecord] = [], events: [RideEvent] = []
            fixes.reserveCapacity(to - from)
            for index in from..<to {
                if index > 0, breaksBefore.contains(index) {
                    // Stamped where the track stopped, as the pipeline stamps a gap it finds itself.
                    var gap = pipeline.markGap(breakCauses[index] ?? .fileSegmentBreak, monoNs: epochs[index - 1].monoNs)
                    gap.utcMs = epochs[index - 1].epoch.utcMs
                    gap.beforeSeq = pipeline.state.nextSeq
                    events.append(gap)
                }
                let (fix, found) = pipeline.process(epochs[index])
                events += found
                fixes.append(fix)
            }
            if to == epochs.count, let last = epochs.last {
                events.append(RideEvent(kind: .stop, monoNs: last.monoNs, utcMs: last.epoch.utcMs, detail: provenance.sentence))
            }
            let state = pipeline.state
            let written = try connection.inTransaction { () throws(SQLiteError) -> ChunkWritten in
                let ride: Int64
                if let id {
                    // The same file imported by another process meanwhile (run again while this one runs):
                    // it finished the ride, or stored chunks this one has not seen. Nothing is written twice.
                    if let whole = try importedRide(contentKey: provenance.contentKey) { return .refused(.alreadyImported(rideID: whole)) }
                    guard try storedNextSeq(ride: id) == Int64(from) else {
                        return .refused(.unfinishedImport(rideID: id, fileName: provenance.fileName))
                    }
                    ride = id
                } else {
                    // Whatever landed meanwhile (these bytes, another file of the ride) is seen where the ride would be written.
                    if let refused = try storedAlready(provenance.contentKey, sameRide: sameRide) { return .refused(refused) }
                    ride = try insertImportedRide(epochs, parametersJSON: parametersJSON, version: parameters.version,
                                                  provenance: provenance, key: to == epochs.count ? provenance.contentKey : unfinishedKey)
                }
                for var fix in fixes {
                    defer { insertFix.reset() }
                    fix.rideID = ride  // the first chunk ran through the pipeline before its ride had an id
                    try FixColumns.bind(fix, to: insertFix)
                    try insertFix.run()
                }
                try ExploredCells.insert(fixes, ride: ride, using: insertExplored)
                for event in events {
                    try EventColumns.insert(event, ride: ride, recordedUTCms: provenance.importedUTCms, using: insertEvent)
                }
                defer { update.reset() }
                var u = RowBinder(update)
                try u.add(ride)
                try RideColumns.bindTotals(state.totals, to: &u)
                try u.add(RideColumns.stored(state))
                try update.run()
                // The last chunk makes the ride whole: its provenance takes the file's own key.
                if to == epochs.count { try finishImport(ride: ride, key: provenance.contentKey) }
                return .ride(ride)
            }
            switch written {
            case .refused(let outcome): return outcome
            case .ride(let ride): id = ride
            }
            from = to
            try afterCommit(from)
        } while from < epochs.count
        return .imported(rideID: id ?? 0, totals: pipeline.state.totals)
    }

    private enum ChunkWritten { case ride(Int64), refused(ImportOutcome) }

    /// The seq after the last fix stored for `ride`: where an unfinished import of it goes on.
    private func storedNextSeq(ride: Int64) throws(SQLiteError) -> Int64 {
        let select = try connection.prepare("SELECT fix_key - (?1 << 32) FROM fixes WHERE \(FixKey.ride("?1")) ORDER BY fix_key DESC LIMIT 1")
        try select.bind(ride, at: 1)
        return try select.step() ? select.int64(at: 0) + 1 : 0
    }

    /// Why a file's ride is not to be written, asked in its first chunk's transaction: the same bytes
    /// imported whole, or being imported (unfinished), or a stored ride that is this ride (`sameRide`).
    private func storedAlready(_ key: String, sameRide: () throws(SQLiteError) -> Int64?) throws(SQLiteError) -> ImportOutcome? {
        if let existing = try importedRide(contentKey: key) { return .alreadyImported(rideID: existing) }
        let other: Int64
        if let part = try importedRide(contentKey: ImportProvenance.unfinishedPrefix + key) { other = part } else {
            guard let same = try sameRide() else { return nil }
            other = same
        }
        guard let source = try ImportProvenance.of(ride: other, in: connection), source.isUnfinished else {
            return .sameRideAs(rideID: other)
        }
        return .unfinishedImport(rideID: other, fileName: source.fileName)
    }

    /// The ride row, its start event and its provenance under `key` (the unfinished one unless the file is one chunk).
    private func insertImportedRide(_ epochs: [SensorEpoch], parametersJSON: [UInt8], version: Int,
                                    provenance: ImportProvenance, key: String) throws(SQLiteError) -> Int64 {
        let insertRide = try connection.prepare("""
            INSERT INTO rides (id, state, started_mono_ns, started_utc_ms, ended_utc_ms, pipeline_state, parameters,
                               params_version, last_commit_utc_ms)
            VALUES (\(RideIDFloor.nextID), 'stopped', ?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        var b = RowBinder(insertRide)
        try b.add(Int64(bitPattern: epochs.first?.monoNs ?? 0))
        try b.add(epochs.lazy.compactMap(\.epoch.utcMs).min())
        try b.add(epochs.lazy.compactMap(\.epoch.utcMs).max())
        try b.add(RideColumns.stored(PipelineState()))
        try b.add(parametersJSON)
        try b.add(version)
        try b.add(provenance.importedUTCms)
        try insertRide.run()
        let id = connection.lastInsertRowID
        if let first = epochs.first {
            let start = RideEvent(kind: .start, monoNs: first.monoNs, utcMs: first.epoch.utcMs, detail: provenance.sentence)
            try EventColumns.insert(start, ride: id, recordedUTCms: provenance.importedUTCms,
                                    using: try connection.prepare(EventColumns.insert))
        }
        let insertImport = try connection.prepare("""
            INSERT INTO imports (ride_id, content_key, file_name, format, device, imported_utc_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        var i = RowBinder(insertImport)
        try i.add(id)
        try i.add(key)
        try i.add(provenance.fileName)
        try i.add(provenance.format)
        try i.add(provenance.device)
        try i.add(provenance.importedUTCms)
        try insertImport.run()
        return id
    }

    private func finishImport(ride id: Int64, key: String) throws(SQLiteError) {
        let finish = try connection.prepare("UPDATE imports SET content_key = ?2 WHERE ride_id = ?1")
        try finish.bind(id, at: 1)
        try finish.bind(key, at: 2)
        try finish.run()
    }
}
