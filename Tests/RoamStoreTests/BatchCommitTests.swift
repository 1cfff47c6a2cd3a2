import RoamCore
import Testing
@testable import RoamStore

/// P1/P2/P3: a batch, its totals and its pipeline state land together or not at all.
@Suite struct BatchCommitTests {
    @Test("P1: every raw and derived column reads back equal, nil fields included")
    func roundTripsEveryColumn() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        var batch = Sample.batch(ride: ride.id, seqs: 0..<2)
        batch.fixes.append(Sample.sparseFix(ride: ride.id, seq: 2))
        batch.state.nextSeq = 3
        try store.commit(batch, commitUTCms: 1_717_936_500_000)

        var read: [FixRecord] = []
        try RideReader(path: dir.path()).forEachFix(ride: ride.id) { read.append($0) }
        #expect(read == batch.fixes)
        #expect(read.last?.epoch == Epoch())
    }

    @Test("P1/P2: totals, pipeline state and fixes are committed together")
    func totalsAndStateLandWithTheFixes() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let first = Sample.batch(ride: ride.id, seqs: 0..<3)
        let second = Sample.batch(ride: ride.id, seqs: 3..<5, after: first.state)
        try store.commit(first, commitUTCms: 100, parkedBatches: 2, lostEpochs: 7)
        try store.commit(second, commitUTCms: 200, parkedBatches: 1)

        let row = try #require(try store.activeRide())
        #expect(row.totals == second.state.totals)
        #expect(row.pipelineState == second.state)
        #expect(row.lastCommitUTCms == 200)
        #expect(row.parkedCount == 3)
        #expect(row.lostCount == 7)
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == row.totals.fixCount)
        #expect(try store.connection.count("SELECT count(*) FROM events WHERE kind = 'button'") == 2)
    }

    @Test("P3: a batch that fails half-way leaves no fix behind and the totals unchanged")
    func failingBatchRollsBackEntirely() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let first = Sample.batch(ride: ride.id, seqs: 0..<2)
        try store.commit(first, commitUTCms: 100)
        // Seq 2 and 3 are new, then seq 1 again: the third insert trips the primary key.
        var bad = Sample.batch(ride: ride.id, seqs: 2..<4, after: first.state)
        bad.fixes.append(Sample.fullFix(ride: ride.id, seq: 1))

        let error = try requireError(SQLiteError.self) { try store.commit(bad, commitUTCms: 200) }
        #expect(error.code == .constraintPrimaryKey)
        #expect(error.sql == FixColumns.insert)
        #expect(error.description.hasPrefix("SQLite error 19 (SQLITE_CONSTRAINT_PRIMARYKEY, extended 1555): UNIQUE constraint failed"))
        #expect(error.description.contains("while executing 'INSERT INTO fixes …'"))
        #expect(error.description.hasSuffix(" on \(dir.path())"))

        let row = try #require(try store.activeRide())
        #expect(row.pipelineState == first.state)
        #expect(row.lastCommitUTCms == 100)
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 2)
        #expect(try store.connection.count("SELECT count(*) FROM events WHERE kind = 'button'") == 1)
    }

    @Test("P1: if the totals cannot be written, the fixes are not written either")
    func failingTotalsUpdateDropsTheFixes() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.connection.execute("""
            CREATE TEMP TRIGGER refuse_totals BEFORE UPDATE OF pipeline_state ON rides
            BEGIN SELECT RAISE(ABORT, 'totals refused by the test'); END
            """)
        let error = try requireError(SQLiteError.self) {
            try store.commit(Sample.batch(ride: ride.id, seqs: 0..<3), commitUTCms: 1)
        }
        #expect(error.code == .constraintTrigger)
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 0)
    }

    @Test("P3: a full disk throws SQLITE_FULL, and the same batch lands once space is back")
    func fullStorageThrowsAndRetrySucceeds() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let pages = try store.connection.count("PRAGMA page_count")
        // max_page_count is SQLite's own quota: inserts beyond it fail exactly like a full disk.
        try store.connection.execute("PRAGMA max_page_count = \(pages)")
        let batch = Sample.batch(ride: ride.id, seqs: 0..<200)

        let error = try requireError(SQLiteError.self) { try store.commit(batch, commitUTCms: 1) }
        #expect(error.isFull)
        #expect(error.description.hasPrefix("SQLite error 13 (SQLITE_FULL): database or disk is full, while executing '"))
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 0)

        try store.connection.execute("PRAGMA max_page_count = 1073741823")
        try store.commit(batch, commitUTCms: 2)
        #expect(try store.activeRide()?.totals.fixCount == 200)
    }

    @Test("A batch for a ride that does not exist is refused")
    func batchForMissingRideIsRefused() throws {
        let dir = try TemporaryDirectory()
        let store = try RideStore(path: dir.path())
        let withFixes = try requireError(SQLiteError.self) {
            try store.commit(Sample.batch(ride: 42, seqs: 0..<1), commitUTCms: 1)
        }
        #expect(withFixes.code == .constraintForeignKey)
        let eventsOnly = Batch(rideID: 42, fixes: [], events: [RideEvent(kind: .alarm)], state: PipelineState())
        #expect(throws: SQLiteError.self) { try store.commit(eventsOnly, commitUTCms: 1) }
        #expect(try store.connection.count("SELECT count(*) FROM events") == 0)
    }
}
