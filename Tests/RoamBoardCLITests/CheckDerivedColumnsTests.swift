import Foundation
import RoamCore
import Testing
@testable import RoamStore

/// `roam-board check` on a ride recorded by the bench board, with one derived column of one fix
/// changed in the real SQLite file: each column is named, with the fix, even though the ride's
/// totals still agree, and check exits 65 as for any inconsistency (P2).
@Suite struct CheckDerivedColumnsTests {
    /// Per derived column: which fix to change (the first from fix 40 where the change means
    /// something) and how.
    static let tampers: [(column: String, fix: String, change: String, said: String)] = [
        ("t_utc_ms", "t_utc_ms IS NOT NULL", "t_utc_ms = t_utc_ms + 1000", "t_utc_ms: stored "),
        ("t_source", "t_source = \(TimeSource.gnss.rawValue)", "t_source = \(TimeSource.backfilled.rawValue)",
         "t_source: stored backfilled, its raw columns imply gnss"),
        ("flags", "flags & \(FixFlags.paused.rawValue) = 0", "flags = flags | \(FixFlags.paused.rawValue)",
         "flags: stored with paused, which its raw columns do not imply"),
        ("segment", "1", "segment = segment + 1", "segment: stored "),
        ("smooth_lat_deg", "smooth_lat_deg IS NOT NULL", "smooth_lat_deg = smooth_lat_deg + 0.0001", "smooth_lat_deg: stored "),
        ("smooth_lon_deg", "smooth_lon_deg IS NOT NULL", "smooth_lon_deg = smooth_lon_deg - 0.0001", "smooth_lon_deg: stored "),
        ("baro_alt_m", "baro_alt_m IS NOT NULL", "baro_alt_m = baro_alt_m + 0.5", "baro_alt_m: stored "),
        ("distance_added_m", "distance_added_m > 0", "distance_added_m = distance_added_m + 3", "distance_added_m: stored "),
    ]

    @Test("every derived column of one fix, changed alone, is named; the untouched ride passes")
    func everyDerivedColumnIsCompared() throws {
        #expect(Set(Self.tampers.map(\.column)) == Set(FixColumns.derivedNames), "a derived column without a case here")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let recorded = try HostileFixtures.recordedDatabase(in: dir)
        let untouched = try CLIRunner.run(["check", "--db", recorded])
        #expect(untouched.status == 0 && untouched.stdout.hasSuffix("\nconsistent\n"), "\(untouched.stdout) \(untouched.stderr)")

        for tamper in Self.tampers {
            let db = dir.appendingPathComponent("\(tamper.column).db").path
            try FileManager.default.copyItem(atPath: recorded, toPath: db)
            let writer = try SQLiteConnection(path: db, mode: .readWrite)
            let pick = try writer.prepare("SELECT ride_id, seq FROM fixes WHERE seq >= 40 AND \(tamper.fix) ORDER BY fix_key LIMIT 1")
            try #require(try pick.step(), "no fix to change \(tamper.column) on")
            let (ride, seq) = (pick.int64(at: 0), pick.int64(at: 1))
            pick.reset()
            try writer.execute("UPDATE fixes SET \(tamper.change) WHERE ride_id = \(ride) AND seq = \(seq)")

            let check = try CLIRunner.run(["check", "--db", db])
            #expect(check.status == 65, "\(tamper.column): exit \(check.status): \(check.stderr)")
            #expect(check.stderr.contains("is not consistent"), "\(tamper.column): \(check.stderr)")
            // Only the fix is reported: its ride's totals agree, as the change feeds none of them.
            let problems = check.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
            #expect(problems.count == 2 && problems[0].hasPrefix("fix \(seq): \(tamper.said)")
                        && problems[1] == "rederive recomputes the derived columns from the raw ones: roam-board rederive --ride \(ride)",
                    "\(tamper.column): \(check.stdout)")
            #expect(problems.first.map { !$0.contains(";") } ?? false, "\(tamper.column): more than one column named: \(check.stdout)")
        }
    }

    /// The receivers' own captures (Tests/Data/gpsd): several send a time before the date, one
    /// never a date, so their first fixes are back-filled or stay undated; all are consistent.
    static let captures = (try? FileManager.default.contentsOfDirectory(
        atPath: CLIRunner.repoRoot.appendingPathComponent("Tests/Data/gpsd").path))?
        .filter { $0.hasSuffix(".log") }.sorted() ?? []
    /// Holux GM-210's never has a fix. A file of it is refused (ReplayInputTests), but a live receiver
    /// that never fixes still records a ride, as a stream on standard input does (`--replay -`): its
    /// ride holds rows and no position, the only such ride here, and check must judge it too.
    static let neverFixed = "holux-gm-210.log"

    @Test("a receiver's capture replayed by the bench board passes check, back-filled times and all", arguments: captures)
    func replayedCapturePasses(_ capture: String) throws {
        #expect(Self.captures.count > 20 && Self.captures.contains(Self.neverFixed), "the captures were not found")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let log = CLIRunner.repoRoot.appendingPathComponent("Tests/Data/gpsd/\(capture)").path
        let record = capture == Self.neverFixed
            ? try ReplayStandardInputTests.record("< \"$2\"", db: db, input: log)
            : try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", log, "--quiet"])
        try #require(record.status == 0, "record --replay \(capture): \(record.stderr)")
        let rows = try SQLiteConnection(path: db, mode: .readOnly).prepare("SELECT count(*), count(lat_deg) FROM fixes")
        try #require(try rows.step())
        let (fixes, positions) = (rows.int64(at: 0), rows.int64(at: 1))
        rows.reset()
        #expect(fixes > 0, "\(capture): no rows to check")
        #expect((positions == 0) == (capture == Self.neverFixed), "\(capture): \(positions) of \(fixes) rows hold a position")
        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 0 && check.stdout.contains("ride 1 (stopped): \(fixes) fixes"), "\(capture): \(check.stdout)\(check.stderr)")
    }
}
