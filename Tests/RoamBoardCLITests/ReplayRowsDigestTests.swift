import Foundation
import RoamCore
import RoamBenchmarks
@testable import RoamStore
import Testing

/// What a replayed 10 Hz ride stores, pinned: every column of its fixes (the packed NMEA as its
/// bytes) but the run's own monotonic stamps, its explored cells, its events and its ride row's
/// totals and flag counts. A change made for speed on the commit path must store these same rows
/// (docs/BENCHMARKS.md, "The row bound in place (perf10)"); the digest was taken from the
/// recorder of 4fb4407, before that change, and matched by it and by the one after.
@Suite struct ReplayRowsDigestTests {
    static let pinned = "ecc29d560af69950"

    /// The rows of one query, each column quoted by SQLite, one line per row.
    static func lines(_ db: SQLiteConnection, _ sql: String) throws -> String {
        let statement = try db.prepare("SELECT group_concat(line, char(10)) FROM (\(sql))")
        _ = try statement.step()
        return statement.text(at: 0)
    }

    @Test("A replayed 10 Hz capture stores the rows the recorder stored before")
    func replayedRowsAreUnchanged() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let capture = dir.appendingPathComponent("ride.nmea")
        var laps = HighRateLaps(hz: 10), nmea: [UInt8] = []
        for _ in 0..<600 {
            guard let epoch = laps.next() else { break }
            nmea += epoch
        }
        try Data(nmea).write(to: capture)
        let db = dir.appendingPathComponent("data/rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", capture.path,
                                   "--commit-interval", "1", "--quiet"],
                                  executable: ProcessInfo.processInfo.environment["ROAM_ROWS_BINARY"].map { URL(fileURLWithPath: $0) })
        #expect(r.status == 0, "exit \(r.status): \(r.stderr)")

        let connection = try SQLiteConnection(path: db, mode: .readOnly)
        let columns = FixColumns.names.filter { $0 != "t_mono_ns" }.map { $0 == "nmea" ? "quote(nmea)" : "quote(\($0))" }
        let fixes = try Self.lines(connection, "SELECT \(columns.joined(separator: " || ',' || ")) AS line FROM fixes ORDER BY fix_key")
        let cells = try Self.lines(connection, "SELECT quote(cell) || ',' || quote(ride_id) || ',' || quote(t_utc_ms) AS line FROM explored ORDER BY cell")
        let events = try Self.lines(connection, "SELECT quote(ride_id) || ',' || quote(kind) || ',' || quote(t_utc_ms) || ',' || quote(detail) || ',' || quote(before_seq) AS line FROM events ORDER BY id")
        connection.close()
        let row = try #require(try RideStore(path: db).ride(id: 1))
        let ride = "\(row.totals) \(row.pipelineState.totals.flagCounts) \(row.state)"

        #expect(fixes.split(separator: "\n").count == 600 && !cells.isEmpty && !events.isEmpty)
        let digest = FNV1a.hex(FNV1a.hash(Array((fixes + "\n" + cells + "\n" + events + "\n" + ride).utf8)))
        #expect(digest == Self.pinned, "the replayed ride's rows changed: \(ride)")
    }
}
