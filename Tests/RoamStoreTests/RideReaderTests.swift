import RoamCore
import Testing
@testable import RoamStore

/// docs/DESIGN.md §4: dump, check and status read while the recorder writes.
@Suite struct RideReaderTests {
    @Test("A reader sees committed data, not the open transaction, while the writer holds the lock")
    func readsCommittedDataWhileWriterHoldsTheDatabase() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let first = Sample.batch(ride: ride.id, seqs: 0..<3)
        try store.commit(first, commitUTCms: 1)
        let reader = try RideReader(path: dir.path())

        let writer = store.connection
        try writer.execute("BEGIN IMMEDIATE; UPDATE rides SET distance_m = -1 WHERE id = \(ride.id)")
        // The writer holds the write lock with uncommitted changes; the reader neither waits nor sees them.
        let row = try #require(try reader.ride(id: ride.id))
        #expect(row.totals == first.state.totals)
        var seqs: [Int64] = []
        try reader.forEachFix(ride: ride.id) { seqs.append($0.seq) }
        #expect(seqs == [0, 1, 2])
        try writer.execute("COMMIT")
        #expect(try reader.ride(id: ride.id)?.totals.distanceM == -1)
    }

    @Test("Fixes stream in seq order, and the cursor ends cleanly")
    func cursorStreamsInSeqOrder() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let first = Sample.batch(ride: ride.id, seqs: 5..<8)
        try store.commit(first, commitUTCms: 1)
        // Committed later with lower seqs: order comes from seq, not from insertion.
        try store.commit(Sample.batch(ride: ride.id, seqs: 0..<5, after: first.state), commitUTCms: 2)

        let cursor = try RideReader(path: dir.path()).fixes(ride: ride.id)
        var seqs: [Int64] = []
        while let fix = try cursor.next() { seqs.append(fix.seq) }
        #expect(seqs == Array(0..<8))
        #expect(try cursor.next() == nil)
    }

    @Test("rides() lists every ride, oldest first; events keep their order")
    func listsRidesAndEvents() throws {
        let dir = try TemporaryDirectory()
        let (store, first) = try Sample.startedStore(at: dir.path())
        let events = [RideEvent(kind: .gap, monoNs: 3, utcMs: 4, detail: GapCause.lostFix.rawValue),
                      RideEvent(kind: .storageLow, detail: "12 MB left")]
        try store.commit(Batch(rideID: first.id, fixes: [], events: events, state: PipelineState()), commitUTCms: 5)
        try store.stopRide(id: first.id, endedUTCms: 6)
        let second = try store.startRide(startedMonoNs: 7, startedUTCms: 8, parameters: PipelineParameters())

        let reader = try RideReader(path: dir.path())
        #expect(try reader.rides().map(\.id) == [first.id, second.id])
        #expect(try reader.rides().map(\.state) == [.stopped, .recording])
        #expect(try reader.events(ride: first.id) == events)
        #expect(try reader.ride(id: 999) == nil)
    }

    @Test("The reader opens after the writer has closed, and cannot write")
    func readOnlyAfterWriterClosed() throws {
        let dir = try TemporaryDirectory()
        do { _ = try Sample.startedStore(at: dir.path()) }
        let reader = try RideReader(path: dir.path())
        #expect(try reader.rides().count == 1)
        let error = try requireError(SQLiteError.self) {
            try reader.connection.execute("UPDATE rides SET dumped_utc_ms = 1")
        }
        #expect(error.code.primary == .readOnly)
    }
}
