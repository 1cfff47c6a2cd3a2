import CSQLite
import RoamCore
@testable import RoamStore
import Testing

/// `FixKey`'s conditions on a real SQLite file: reading a ride in chunks (rederive) starts each
/// chunk where the last ended, so a long ride is read once, not once per chunk from its start.
@Suite struct FixKeyTests {
    @Test("the fixes after a seq: those, in order, for the work of the rows read, wherever the seq is")
    func chunkAfterASeqSeeksToIt() throws {
        let ride = try RederiveTests.RecordedRide(Array(RederiveTests.inputs.prefix(120)), restartAt: nil)
        let db = try SQLiteConnection(path: ride.path, mode: .readOnly)
        /// The seqs of the five fixes after `seq`, and SQLite's count of virtual machine steps for them.
        func chunk(after seq: Int64) throws -> (seqs: [Int64], steps: Int32) {
            let select = try db.prepare("SELECT seq FROM fixes WHERE \(FixKey.ride("?1", after: "?2")) ORDER BY fix_key LIMIT 5")
            try select.bind(ride.id, at: 1)
            try select.bind(seq, at: 2)
            var seqs: [Int64] = []
            while try select.step() { seqs.append(select.int64(at: 0)) }
            return (seqs, sqlite3_stmt_status(select.handle, SQLITE_STMTSTATUS_VM_STEP, 0))
        }
        let first = try chunk(after: -1), late = try chunk(after: 110), last = try chunk(after: 117)
        #expect(first.seqs == [0, 1, 2, 3, 4])
        #expect(late.seqs == [111, 112, 113, 114, 115])
        #expect(last.seqs == [118, 119])
        // Stepping over the 111 fixes before the chunk would cost steps for each of them.
        #expect(late.steps == first.steps, "steps: \(first.steps) for the first chunk, \(late.steps) after fix 110")
    }
}
