import Foundation
import RoamCore
import Testing
@testable import RoamStore

/// `prune --dumped-before DATE` reads DATE as 00:00 in the zone `rides` shows the dumped times in
/// (the board's `time_zone`). It cut at 00:00 UTC: in Tokyo a ride `rides` showed dumped at 07:01 on
/// the 7th went with "--dumped-before 2026-12-07"; west of UTC one dumped on the 6th evening stayed.
@Suite(.serialized)
struct PruneTimeZoneTests {
    private static func utcMs(_ y: Int, _ m: Int, _ d: Int, hour: Int, minute: Int) -> Int64 {
        CivilDate.daysFromCivil(year: y, month: m, day: d) * 86_400_000 + Int64(hour * 3_600_000 + minute * 60_000)
    }

    /// The dump fixture with ride A dumped at `dumpedUTCms`, and a bench board in `zone` over it.
    private static func boardWithRideA(zone: String, dumpedUTCms: Int64) throws -> (DumpFixture, URL) {
        let fixture = try DumpFixture.make()
        _ = try DumpLedger(path: fixture.dbPath).markDumped(id: fixture.a.id, dumpedUTCms: dumpedUTCms)
        return (fixture, try LocalTimeTests.board(zone: zone, in: fixture.directory))
    }

    private static func rideIDs(_ db: String) throws -> [Int64] { try RideReader(path: db).rides().map(\.id) }

    @Test func eastOfUTCTheDayIsTheBoardsNotUTCs() throws {
        // 2026-12-06 22:01 UTC is 07:01 on the 7th in Tokyo (UTC+9).
        let (f, board) = try Self.boardWithRideA(zone: "Asia/Tokyo", dumpedUTCms: Self.utcMs(2026, 12, 6, hour: 22, minute: 1))
        defer { f.remove() }
        let rides = try CLIRunner.run(["rides", "--board", board.path])
        #expect(rides.stdout.contains("2026-12-07T07:01:00.000+09:00"), "\(rides.stdout)")
        let same = try CLIRunner.run(["prune", "--board", board.path, "--dumped-before", "2026-12-07"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("nothing pruned"), "\(same.stdout)")
        #expect(try Self.rideIDs(f.dbPath).contains(f.a.id))
        let next = try CLIRunner.run(["prune", "--board", board.path, "--dumped-before", "2026-12-08"])
        #expect(next.stdout.contains("pruned 1 ride dumped before 2026-12-08: \(f.a.id)\n"), "\(next.stdout)\(next.stderr)")
    }

    @Test func westOfUTCTheEveningBeforeIsBeforeTheDay() throws {
        // 2026-12-07 03:00 UTC is 22:00 on the 6th in New York (UTC-5 in December).
        let (f, board) = try Self.boardWithRideA(zone: "America/New_York", dumpedUTCms: Self.utcMs(2026, 12, 7, hour: 3, minute: 0))
        defer { f.remove() }
        let rides = try CLIRunner.run(["rides", "--board", board.path])
        #expect(rides.stdout.contains("2026-12-06T22:00:00.000-05:00"), "\(rides.stdout)")
        let dry = try CLIRunner.run(["prune", "--board", board.path, "--dumped-before", "2026-12-06", "--dry-run"])
        #expect(dry.stdout.contains("nothing would be pruned"), "\(dry.stdout)\(dry.stderr)")
        let r = try CLIRunner.run(["prune", "--board", board.path, "--dumped-before", "2026-12-07"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("pruned 1 ride dumped before 2026-12-07: \(f.a.id)\n"), "\(r.stdout)")
        #expect(try !Self.rideIDs(f.dbPath).contains(f.a.id))
    }

    /// With --db alone there is no board and no zone: UTC, as `rides --db` shows.
    @Test func withTheDatabaseAloneTheDayIsUTC() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        _ = try DumpLedger(path: fixture.dbPath).markDumped(id: fixture.a.id, dumpedUTCms: Self.utcMs(2026, 12, 6, hour: 23, minute: 59))
        let r = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--dumped-before", "2026-12-07"])
        #expect(r.stdout.contains("pruned 1 ride dumped before 2026-12-07: \(fixture.a.id)\n"), "\(r.stdout)\(r.stderr)")
    }
}
