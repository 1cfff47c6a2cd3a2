import Foundation
import RoamStore
import Testing

/// Trial 4: readers hold the database while the recorder commits — an open read snapshot, a
/// `check` and a `dump` running meanwhile. WAL readers never take the write lock, so commits go
/// on (a commit blocked past its busy timeout would show as an alarm) and nothing is lost.
@Suite(.serialized) struct ReaderTrial {
    @Test("A reader holding the database (snapshot, check, dump) does not block commits and loses nothing")
    func readersDuringRecording() throws {
        let dir = try TrialPaths.temporaryDirectory("reader-trial")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let hold = dir.appendingPathComponent("hold")
        try TrialVerdict.hold(hold, beforeSecond: 300)
        let child = try TrialVerdict.record(db, holdFile: hold)
        #expect(child.waitForAck(through: 299))

        // A long read: one snapshot held open across the rest of the ride's commits.
        let snapshot = try SQLiteConnection(path: db, mode: .readOnly)
        try snapshot.execute("BEGIN")
        let seen = try snapshot.singleText("SELECT count(*) FROM fixes")
        try TrialVerdict.hold(hold, beforeSecond: 1500)
        let check = try TrialChild(TrialPaths.binary, ["check", "--db", db])
        let dump = try TrialChild(TrialPaths.binary, ["dump", "--db", db, "--ride", "1", "--format", "gpx",
                                                       "--out", dir.appendingPathComponent("ride.gpx").path])
        #expect(child.waitForAck(through: 1499))
        #expect(check.finish() == 0, "check while recording: \(check.stdoutLines.suffix(5))")
        #expect(dump.finish() == 0, "dump while recording: \(dump.stderrLines)")
        // The snapshot still sees the database as it was: it really was held during those commits.
        #expect(try snapshot.singleText("SELECT count(*) FROM fixes") == seen)
        try snapshot.execute("COMMIT")

        try TrialVerdict.hold(hold, beforeSecond: nil)
        #expect(child.finish() == 0)
        #expect(!child.stderrLines.contains { $0.contains("ALARM") }, "\(child.stderrLines.filter { $0.contains("ALARM") })")
        try TrialVerdict.assertComplete(db, acks: child.acks)
        print("reader trial: \(child.acks.count) batches acknowledged while a snapshot, check and dump held the database")
    }
}
