import Foundation
import RoamCore
import RoamSimulator
import RoamStore
import Testing

/// `check` compares the time columns of undated fixes as the recorder stores them: undated while
/// their run is open (a live ride), back-filled once the first dated fix is committed (P2).
/// Real SQLite files, committed batch by batch as the recorder does.
@Suite struct CheckUndatedRunTests {
    /// The bench ride from a receiver that sends the date late (GGA before RMC): the first eight
    /// epochs have a fix and a time of day but no date.
    static let inputs: [SensorEpoch] = {
        var inputs = Array(RederiveTests.inputs.prefix(120))
        for k in 0..<8 { inputs[k].epoch.date = nil }
        return inputs
    }()

    private func tamper(_ ride: RederiveTests.RecordedRide, _ assignment: String, seq: Int) throws {
        try SQLiteConnection(path: ride.path, mode: .readWrite)
            .execute("UPDATE fixes SET \(assignment) WHERE ride_id = \(ride.id) AND seq = \(seq)")
    }

    private func storedFix(_ ride: RederiveTests.RecordedRide, seq: Int64) throws -> FixRecord {
        var found: FixRecord?
        try RideReader(path: ride.path).forEachFix(ride: ride.id) { if $0.seq == seq { found = $0 } }
        return try #require(found)
    }

    @Test("an untouched ride is consistent with its undated run open, dated, and after the stop")
    func untouchedRidePasses() throws {
        for (count, stopping) in [(5, false), (12, false), (Self.inputs.count, true)] {
            let ride = try RederiveTests.RecordedRide(Array(Self.inputs.prefix(count)), batch: 2, restartAt: nil, stopping: stopping)
            let report = try Rederivation.check(path: ride.path)
            #expect(report.isConsistent, "\(count) fixes: \(report.text)")
        }
    }

    @Test("a back-filled time or source that its raw columns do not imply is named")
    func tamperedBackfilledTimeIsNamed() throws {
        let ride = try RederiveTests.RecordedRide(Self.inputs, batch: 2, restartAt: nil)
        let fix = try storedFix(ride, seq: 3)
        try #require(fix.timeSource == .backfilled && fix.utcMs != nil)
        let utc = fix.utcMs!
        try tamper(ride, "t_utc_ms = t_utc_ms + 1000", seq: 3)
        var problems = try Rederivation.check(path: ride.path).rides.first?.problems ?? []
        #expect(problems.first == "fix 3: t_utc_ms: stored \(CivilDate.iso8601(utcMs: utc + 1000)), "
                    + "its raw columns imply \(CivilDate.iso8601(utcMs: utc))", "\(problems)")
        try tamper(ride, "t_utc_ms = \(utc), t_source = \(TimeSource.gnss.rawValue)", seq: 3)
        problems = try Rederivation.check(path: ride.path).rides.first?.problems ?? []
        #expect(problems.first == "fix 3: t_source: stored gnss, its raw columns imply backfilled", "\(problems)")
    }

    @Test("a live ride's open undated run is expected undated: a time stored there is named")
    func timeInAnOpenRunIsNamed() throws {
        let ride = try RederiveTests.RecordedRide(Array(Self.inputs.prefix(5)), batch: 2, restartAt: nil, stopping: false)
        try tamper(ride, "t_utc_ms = 1781424000000, t_source = \(TimeSource.backfilled.rawValue)", seq: 2)
        let report = try Rederivation.check(path: ride.path)
        #expect(!report.isConsistent)
        #expect(report.rides.first?.problems == [
            "fix 2: t_utc_ms: stored 2026-06-14T08:00:00.000Z, its raw columns imply no time; t_source: stored backfilled, its raw columns imply monotonicOnly",
            "rederive recomputes the derived columns from the raw ones: roam-board rederive --ride \(ride.id), once the ride is stopped",
        ], "\(report.text)")
    }
}
