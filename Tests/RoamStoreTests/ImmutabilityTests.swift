import RoamCore
import Testing
@testable import RoamStore

/// P4: processing writes flags and derived columns; raw columns and rows stay as received.
@Suite struct ImmutabilityTests {
    private func storeWithFixes(_ dir: TemporaryDirectory) throws -> (RideStore, RideRow) {
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.commit(Sample.batch(ride: ride.id, seqs: 0..<3), commitUTCms: 1)
        return (store, ride)
    }

    @Test("P4: an UPDATE of a raw column is refused by the schema")
    func rawColumnUpdateIsRefused() throws {
        let dir = try TemporaryDirectory()
        let (store, _) = try storeWithFixes(dir)
        let error = try requireError(SQLiteError.self) {
            try store.connection.execute("UPDATE fixes SET lat_deg = 0 WHERE seq = 1")
        }
        #expect(error.code == .constraintTrigger)
        #expect(error.message == "raw columns of fixes are immutable (P4)")
        #expect(try store.connection.count("SELECT count(*) FROM fixes WHERE lat_deg = 0") == 0)
    }

    @Test("P4: every raw column is guarded, derived columns are not", arguments: FixColumns.names)
    func eachColumnIsGuardedExactlyWhenRaw(column: String) throws {
        let dir = try TemporaryDirectory()
        let (store, _) = try storeWithFixes(dir)
        let update = "UPDATE fixes SET \(column) = \(column) WHERE seq = 2"
        if FixColumns.table.rawNames.contains(column) {
            #expect(throws: SQLiteError.self) { try store.connection.execute(update) }
        } else {
            try store.connection.execute(update)
        }
    }

    @Test("P4: the fix key (ride and seq) cannot be rewritten either")
    func fixKeyIsGuarded() throws {
        let dir = try TemporaryDirectory()
        let (store, _) = try storeWithFixes(dir)
        #expect(throws: SQLiteError.self) { try store.connection.execute("UPDATE fixes SET fix_key = fix_key + 1000 WHERE seq = 2") }
    }

    @Test("P4: rederive may rewrite flags and derived columns")
    func derivedColumnUpdateIsAllowed() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try storeWithFixes(dir)
        try store.connection.execute("UPDATE fixes SET flags = 4, smooth_lat_deg = NULL, t_utc_ms = 5 WHERE seq = 1")
        var flags: [FixFlags] = []
        try RideReader(path: dir.path()).forEachFix(ride: ride.id) { flags.append($0.flags) }
        #expect(flags[1] == .underDistanceGate)
    }

    @Test("P4: fixes are never deleted on their own, only by pruning their stopped ride")
    func deletionOnlyByPrune() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try storeWithFixes(dir)
        let direct = try requireError(SQLiteError.self) { try store.connection.execute("DELETE FROM fixes WHERE seq = 0") }
        #expect(direct.message == "fixes are deleted only by pruning their ride (P4)")
        #expect(throws: SQLiteError.self) { try store.connection.execute("DELETE FROM rides WHERE id = \(ride.id)") }
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 3)

        try store.stopRide(id: ride.id, endedUTCms: 2)
        try store.connection.execute("DELETE FROM rides WHERE id = \(ride.id)")
        #expect(try store.connection.count("SELECT count(*) FROM fixes") == 0)
        #expect(try store.connection.count("SELECT count(*) FROM events") == 0)
    }
}
