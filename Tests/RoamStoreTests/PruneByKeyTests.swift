import Testing
import RoamCore
@testable import RoamStore

/// A prune reads and deletes a ride's own rows by key (`PruneRows`). It used to read a season's whole
/// `fixes` table three times for each ride (two counts and the foreign-key cascade, by
/// `fixes.ride_id`, which has no index), inside one write transaction: 24.8 GB read for 20 rides of a
/// 432 MB database, and a recording ride refused its commits meanwhile.
@Suite struct PruneByKeyTests {
    /// Rides 1…n, stopped and dumped, each with `fixes` fixes and an event; ride 2 imported; ride 1
    /// holds the explored cells (the first to reach a cell keeps it).
    static func season(_ path: String, rides n: Int, fixes: Int64 = 40) throws -> RideStore {
        let store = try RideStore(path: path)
        for _ in 1...n {
            let ride = try store.startRide(startedMonoNs: 1_000, startedUTCms: 1_717_936_000_000, parameters: PipelineParameters())
            try store.commit(Sample.batch(ride: ride.id, seqs: 0..<fixes), commitUTCms: 1_717_936_100_000)
            try store.stopRide(id: ride.id, endedUTCms: 1_717_936_200_000)
            _ = try DumpLedger(path: path).markDumped(id: ride.id, dumpedUTCms: 1_717_936_300_000)
        }
        try store.connection.execute("""
            INSERT INTO imports (ride_id, content_key, file_name, format, imported_utc_ms) VALUES (2, 'key-2', 'two.gpx', 'gpx', 0)
            """)
        return store
    }

    /// Every row of `table` that `condition` selects, every column exactly (a REAL to its last bit).
    static func rows(_ db: SQLiteConnection, _ table: String, _ condition: String) throws -> [String] {
        let info = try db.prepare("SELECT name FROM pragma_table_info('\(table)')")
        var columns: [String] = []
        while try info.step() { columns.append(info.text(at: 0)) }
        let exact = columns.map { "CASE typeof(\($0)) WHEN 'real' THEN printf('%!.17g', \($0)) ELSE quote(\($0)) END" }
        let select = try db.prepare("SELECT \(exact.joined(separator: " || '|' || ")) FROM \(table) WHERE \(condition) ORDER BY 1")
        var rows: [String] = []
        while try select.step() { rows.append(select.text(at: 0)) }
        return rows
    }

    @Test func noStatementOfAPruneReadsEveryFix() throws {
        let dir = try TemporaryDirectory()
        _ = try Self.season(dir.path(), rides: 3)
        // The prune's own connection, as it deletes through it (its foreign keys as it sets them).
        let db = try Prune.connection(dir.path(), busyTimeoutMs: 5_000)
        for sql in PruneRows.statements + [Prune.chosenByDate, Prune.chosenByName] {
            let plan = try db.prepare("EXPLAIN QUERY PLAN " + sql)
            try plan.bind(Int64(1), at: 1)
            var steps: [String] = []
            while try plan.step() { steps.append(plan.text(at: 3)) }
            #expect(!steps.contains { $0.hasPrefix("SCAN fixes") }, "\(sql): \(steps)")
            #expect(!steps.isEmpty, "\(sql)")
        }
    }

    @Test func everyTableThatPointsAtARideIsOneThePruneDeletesFrom() throws {
        let dir = try TemporaryDirectory()
        let store = try Self.season(dir.path(), rides: 2)
        let tables = try store.connection.prepare("""
            SELECT DISTINCT m.name FROM sqlite_schema AS m, pragma_foreign_key_list(m.name) AS k
            WHERE m.type = 'table' AND k."table" = 'rides' ORDER BY m.name
            """)
        var pointing: [String] = []
        while try tables.step() { pointing.append(tables.text(at: 0)) }
        #expect(pointing == PruneRows.children)
    }

    @Test("After a prune nothing points at a pruned ride and the other rides are unchanged, byte for byte", arguments: [false, true])
    func theOtherRidesAreUnchanged(byDate: Bool) throws {
        let dir = try TemporaryDirectory()
        let store = try Self.season(dir.path(), rides: 5)
        // The recording ride stays too, by date or by name.
        let recording = try store.startRide(startedMonoNs: 9, startedUTCms: 1_717_937_000_000, parameters: PipelineParameters())
        try store.commit(Sample.batch(ride: recording.id, seqs: 0..<10), commitUTCms: 1_717_937_100_000)
        if byDate {
            try store.connection.execute("UPDATE rides SET dumped_utc_ms = dumped_utc_ms + 86400000 WHERE id IN (3, 5)")
        }
        let kept = "(3, 5, \(recording.id))"
        let probe = try SQLiteConnection(path: dir.path(), mode: .readOnly)
        let tables = [("rides", "id"), ("fixes", "ride_id"), ("events", "ride_id"), ("imports", "ride_id"), ("explored", "ride_id")]
        let before = try tables.map { try Self.rows(probe, $0.0, "\($0.1) IN \(kept)") }
        let cells = try probe.count("SELECT count(*) FROM explored")
        let events = try probe.count("SELECT count(*) FROM events WHERE ride_id IN (1, 2, 4)")
        let judged = try Rederivation.check(path: dir.path()).rides.filter { [3, 5, recording.id].contains($0.id) }
        #expect(judged.count == 3)
        #expect(try probe.count("SELECT count(*) FROM explored WHERE ride_id = 1") > 0)

        let report = try byDate ? Prune.run(path: dir.path(), dumpedBeforeUTCms: 1_717_936_300_001)
            : Prune.run(path: dir.path(), rides: [1, 2, 4], notDumpedToo: false)
        #expect(report.rideIDs == [1, 2, 4])
        #expect(report.fixes == 120 && report.events == events && events > 0, "\(report)")

        let after = try tables.map { try Self.rows(probe, $0.0, "\($0.1) IN \(kept)") }
        #expect(after == before)
        #expect(before[1].count == 90)
        for (table, column) in tables {
            #expect(try probe.count("SELECT count(*) FROM \(table) WHERE \(column) IN (1, 2, 4)") == 0, "\(table)")
        }
        #expect(try probe.count("SELECT count(*) FROM fixes") == 90)
        #expect(try probe.count("SELECT count(*) FROM explored") == cells, "explored cells stay")
        #expect(try probe.singleText("PRAGMA foreign_key_check") == nil)
        #expect(try probe.singleText("PRAGMA integrity_check") == "ok")
        // `check` says of the other rides what it said before.
        let check = try Rederivation.check(path: dir.path())
        #expect(check.isIntegrityOK)
        #expect(check.rides == judged)
    }

    @Test func aRecorderCommitsBetweenTwoRidesPrunedByDate() throws {
        let dir = try TemporaryDirectory()
        _ = try Self.season(dir.path(), rides: 6)
        // The recorder, its busy timeout 0: any commit the prune's lock holds back is refused at once.
        let recorder = try RideStore(path: dir.path(), busyTimeoutMs: 0)
        let ride = try recorder.startRide(startedMonoNs: 9, startedUTCms: 1_717_937_000_000, parameters: PipelineParameters())
        var state = PipelineState(), refused = 0, committed = 0
        let report = try Prune.deleting(path: dir.path(), busyTimeoutMs: 5_000, betweenRides: {
            let batch = Sample.batch(ride: ride.id, seqs: state.nextSeq..<state.nextSeq + 3, after: state)
            do {
                try recorder.commit(batch, commitUTCms: 1_717_937_100_000)
                state = batch.state
                committed += 1
            } catch let error as SQLiteError where error.isBusy {
                refused += 1
            }
        }) { (db: SQLiteConnection) throws(SQLiteError) -> Prune.Selection in
            try Prune.dumpedBefore(db, 1_717_936_300_001)
        }
        #expect(report.rideIDs == [1, 2, 3, 4, 5, 6])
        #expect(refused == 0, "a recorder's commit waits for one ride's deletion at most")
        #expect(committed == 5)
        #expect(try recorder.connection.count("SELECT count(*) FROM fixes WHERE ride_id = \(ride.id)") == 15)
    }
}
