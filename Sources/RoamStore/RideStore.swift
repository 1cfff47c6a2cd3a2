import RoamCore
import RoamSystem

/// The writer. Owns one read-write connection and its statements, prepared once and reused.
/// Belongs to one thread at a time (the commit thread); hand it over with `sending`.
///
/// Methods throw `SQLiteError` for storage failures and `StoreError` for the rest;
/// `commit` throws only `SQLiteError`, so the recorder can park and retry on any failure (P3).
public final class RideStore {
    let connection: SQLiteConnection
    private let json = PipelineJSON()
    private var insertFix: SQLiteStatement!
    private var insertEvent: SQLiteStatement!
    private var updateTotals: SQLiteStatement!
    private var selectActive: SQLiteStatement!
    private var selectByID: SQLiteStatement!
    /// Explored cells of accepted fixes, inserted in the batch's transaction (docs/DESIGN.md §5).
    private var insertExplored: SQLiteStatement!

    public var path: String { connection.path }

    /// Opens (creating if needed) and migrates the database. The parent directory must exist.
    /// `holding`: the recorder's own lock, so its migration is not refused as one under a running recorder.
    public init(path: String, busyTimeoutMs: Int32 = 5_000, holding lock: RecorderLock? = nil) throws {
        connection = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMs: busyTimeoutMs)
        try Migrations.migrate(connection) { () throws(StoreError) in lock == nil ? try RecorderLock.runningRecorder(databasePath: path) : nil }
        insertFix = try connection.prepare(FixColumns.insert, persistent: true)
        insertEvent = try connection.prepare(EventColumns.insert, persistent: true)
        // parked_count and lost_count are increments, so the recorder needs no copy of them.
        updateTotals = try connection.prepare("""
            UPDATE rides SET \(RideColumns.totalsAssignments),
                parked_count = parked_count + ?12, lost_count = lost_count + ?13,
                pipeline_state = ?14, last_commit_utc_ms = ?15,
                -- The ride starts at its earliest GNSS time: a press carries no UTC (no RTC on a Pi).
                started_utc_ms = COALESCE(MIN(started_utc_ms, ?16), started_utc_ms, ?16)
            WHERE id = ?1
            """, persistent: true)
        selectActive = try connection.prepare(RideColumns.select + " WHERE state = 'recording'", persistent: true)
        selectByID = try connection.prepare(RideColumns.select + " WHERE id = ?1", persistent: true)
        insertExplored = try connection.prepare(ExploredCells.insertSQL, persistent: true)
    }

    /// Bounds SQLite's page cache on this connection to about `kib` KiB (default: 2 000 KiB). The
    /// recorder appends: a commit touches the ride row, the right edge of each B-tree and a few
    /// explored-cell leaves, a few dozen 1 KiB pages; without a bound the pages of every fix
    /// written stay cached until 2 MB are resident. Pages past the bound are read again from the
    /// kernel's cache when needed; the transaction and its one sync are the same.
    public func limitPageCache(kib: Int) throws(SQLiteError) {
        try connection.execute("PRAGMA cache_size=-\(max(kib, 64))")
    }

    /// The recorder's bound (`limitPageCache`): what a commit touches at 10 Hz and a 3 s cadence,
    /// about 20 pages, with room to spare. 256 KiB held about 200 leaves already full, never read
    /// again by the writer: 0.3 MB of a ride's resident set (docs/BENCHMARKS.md, "A ride in real time").
    public static let recorderPageCacheKiB = 64

    /// Gives the WAL the length it reaches before its first checkpoint (`SQLiteConnection.makeWALRoom`),
    /// once, as soon as it holds a frame, so a ride's first minutes commit in place instead of growing
    /// the file. The recorder calls it after each commit; after the first that does something it costs
    /// nothing. Best effort: the recorder records the same without it, and a card short of room plus
    /// `RecordingReserve` gets none (the commits may need those bytes more). Returns the bytes added.
    @discardableResult
    public func makeWALRoomOnce() -> Int64 {
        guard !walRoomSettled, let walBytes = connection.walFileBytes(), walBytes > 0 else { return 0 }
        let pageSize = (try? connection.singleText("PRAGMA page_size")).flatMap { $0.flatMap { Int64($0) } } ?? 4_096
        guard walBytes >= 32 + 24 + pageSize else { return 0 }  // no frame yet: an empty WAL stays empty
        walRoomSettled = true
        let checkpointFrames = (try? connection.singleText("PRAGMA wal_autocheckpoint")).flatMap { $0.flatMap { Int($0) } } ?? 1_000
        // The commit that crosses the checkpoint's threshold is written whole first: a few dozen frames at most.
        var frames = max(checkpointFrames, 0) + 64
        // Past journal_size_limit, SQLite would cut the room back at the WAL's next restart.
        if let limit = (try? connection.singleText("PRAGMA journal_size_limit")).flatMap({ $0.flatMap { Int64($0) } }), limit >= 0 {
            frames = min(frames, Int((limit - 32) / (pageSize + 24)))
        }
        guard let free = try? FileSystem.availableBytes(path), free >= Int64(frames) * (pageSize + 24) + RecordingReserve.bytes else { return 0 }
        return (try? connection.makeWALRoom(frames: frames)) ?? 0
    }
    /// Set once the room was made, found already there, or refused: not tried again for this connection.
    private var walRoomSettled = false

    /// What SQLite's page cache on this connection holds now, its own count (`SQLITE_DBSTATUS_CACHE_USED`).
    public var pageCacheBytes: Int { connection.pageCacheBytes }

    /// Finalizes the statements and closes the connection now, which checkpoints the WAL when
    /// this is the last connection. The store is not used again afterwards.
    public func close() {
        insertFix = nil; insertEvent = nil; updateTotals = nil
        selectActive = nil; selectByID = nil; insertExplored = nil
        connection.close()
    }

    /// The recording ride, if any: one probe of the partial index on `state` (O(1) in ride length, P7).
    public func activeRide() throws -> RideRow? {
        defer { selectActive.reset() }
        guard try selectActive.step() else { return nil }
        return try RideColumns.read(selectActive, path: path)
    }

    public func ride(id: Int64) throws -> RideRow? {
        defer { selectByID.reset() }
        try selectByID.bind(id, at: 1)
        guard try selectByID.step() else { return nil }
        return try RideColumns.read(selectByID, path: path)
    }

    /// Creates a recording ride with a fresh pipeline state, plus `events` (a start event, say).
    /// Throws `StoreError.rideAlreadyRecording` if one is recording: re-arm resumes it instead (P7).
    public func startRide(startedMonoNs: UInt64, startedUTCms: Int64? = nil, parameters: PipelineParameters,
                          events: [RideEvent] = []) throws -> RideRow {
        let state = PipelineState()
        let stateBytes = RideColumns.stored(state), parametersJSON = try json.packed(parameters, .parameters1)
        enum Outcome { case created(RideRow), alreadyRecording(Int64) }
        let outcome = try connection.inTransaction { () throws(SQLiteError) -> Outcome in
            defer { selectActive.reset() }
            if try selectActive.step() { return .alreadyRecording(selectActive.int64(at: 0)) }
            let insertRide = try connection.prepare("""
                INSERT INTO rides (id, state, started_mono_ns, started_utc_ms, \(RideColumns.totalsColumns),
                                   pipeline_state, parameters, params_version)
                VALUES (\(RideIDFloor.nextID), 'recording', ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
                """)
            var b = RowBinder(insertRide)
            try b.add(Int64(bitPattern: startedMonoNs))
            try b.add(startedUTCms)
            try RideColumns.bindTotals(state.totals, to: &b)
            try b.add(stateBytes)
            try b.add(parametersJSON)
            try b.add(parameters.version)
            try insertRide.run()
            let id = connection.lastInsertRowID
            for event in events { try insert(event, ride: id, recordedUTCms: startedUTCms) }
            // Read back inside the transaction: a read that fails rolls the insert back, so the press
            // that asked for the ride is retried. Committed but unread, the ride would make every
            // retry of that press refuse itself (a ride is already recording) until a restart.
            let row: RideRow?
            do { row = try ride(id: id) } catch let e as SQLiteError { throw e } catch {
                throw SQLiteError(code: .error, message: "reading ride \(id) back after its insert: \(error)", path: path)
            }
            guard let row else { throw SQLiteError(code: .error, message: "ride \(id) vanished after its insert", path: path) }
            return .created(row)
        }
        switch outcome {
        case .alreadyRecording(let id): throw StoreError.rideAlreadyRecording(id: id)
        case .created(let row): return row
        }
    }

    /// P1: the batch's fixes, its events, the ride's totals and the pipeline state that follows the
    /// batch, in ONE transaction. With WAL and synchronous=FULL that is one fdatasync of the WAL
    /// (plus an occasional checkpoint). Nothing is acknowledged before this returns.
    ///
    /// - Parameters:
    ///   - parkedBatches: batches parked after failed commits that land with this one; added to `parked_count`.
    ///   - lostEpochs: epochs dropped because the parking space ran out (each would have been one fix); added to `lost_count`.
    /// A failure rolls everything back and throws; the same batch can be committed again.
    public func commit(_ batch: Batch, commitUTCms: Int64, parkedBatches: Int = 0, lostEpochs: Int = 0) throws(SQLiteError) {
        // Compact bytes (PipelineState+Bytes), so the ride row fits one page, padded so it keeps its size.
        let stateBytes = RideColumns.stored(batch.state)
        if let stray = batch.fixes.first(where: { $0.rideID != batch.rideID }) {
            throw SQLiteError(code: .misuse, message: "fix seq \(stray.seq) belongs to ride \(stray.rideID), "
                              + "its batch to ride \(batch.rideID)", path: path)
        }
        try connection.inTransaction { () throws(SQLiteError) in
            for fix in batch.fixes {
                defer { insertFix.reset() }
                try FixColumns.bind(fix, to: insertFix)
                try insertFix.run()
            }
            try ExploredCells.insert(batch.fixes, ride: batch.rideID, using: insertExplored)
            // Undated fixes of earlier batches get their UTC once this batch brings the first date.
            if BackfillWriter.isDue(batch.state.backfill, in: batch.fixes), let backfill = batch.state.backfill {
                try BackfillWriter.apply(backfill, ride: batch.rideID, connection: connection)
            }
            for event in batch.events { try insert(event, ride: batch.rideID, recordedUTCms: commitUTCms) }
            defer { updateTotals.reset() }
            var b = RowBinder(updateTotals)
            try b.add(batch.rideID)
            try RideColumns.bindTotals(batch.state.totals, to: &b)
            try b.add(parkedBatches)
            try b.add(lostEpochs)
            try b.add(stateBytes)
            try b.add(commitUTCms)
            try b.add(batch.fixes.lazy.compactMap(\.utcMs).min())
            try updateTotals.run()
            guard connection.changes == 1 else {
                // An events-only batch for a missing ride reaches here; fixes would have failed the foreign key.
                throw SQLiteError(code: .constraintForeignKey, message: "no ride \(batch.rideID) to commit to",
                                  sql: updateTotals.sql, path: path)
            }
        }
    }

    /// Marks a recording ride stopped and records `events` (a stop event, say) in one transaction.
    /// Throws `StoreError.rideNotRecording` when the ride is missing or already stopped.
    public func stopRide(id: Int64, endedUTCms: Int64?, events: [RideEvent] = []) throws {
        let stopped = try connection.inTransaction { () throws(SQLiteError) -> Bool in
            let update = try connection.prepare(
                "UPDATE rides SET state = 'stopped', ended_utc_ms = ?2 WHERE id = ?1 AND state = 'recording'")
            try update.bind(id, at: 1)
            try update.bind(endedUTCms, at: 2)
            try update.run()
            guard connection.changes == 1 else { return false }
            for event in events { try insert(event, ride: id, recordedUTCms: endedUTCms) }
            return true
        }
        guard stopped else { throw StoreError.rideNotRecording(id: id) }
    }

    private func insert(_ event: RideEvent, ride: Int64, recordedUTCms: Int64?) throws(SQLiteError) {
        try EventColumns.insert(event, ride: ride, recordedUTCms: recordedUTCms, using: insertEvent)
    }
}
