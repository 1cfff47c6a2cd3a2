import Foundation
import Glibc
import Testing

/// board.conf's `time_zone` on the command line: shown times and file names in it, UTC inside files.
@Suite struct LocalTimeTests {
    /// A copy of the bench board whose data directory holds the dump fixture's database.
    private func board(zone: String, fixture: DumpFixture) throws -> URL {
        let dir = fixture.directory.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        conf = conf.replacingOccurrences(of: "data_dir = ../../data/bench", with: "data_dir = ..") + "time_zone = \(zone)\n"
        try conf.write(to: dir.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func ridesShowAndFileNamesUseTheBoardsZone() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let dir = try board(zone: "Europe/Berlin", fixture: f)
        // 2026-06-14 07:30 UTC is 09:30 summer time in Berlin.
        let rides = try CLIRunner.run(["rides", "--board", dir.path])
        #expect(rides.status == 0, "\(rides.stderr)")
        #expect(rides.stdout.contains("start (Europe/Berlin)") && rides.stdout.contains("2026-06-14T09:30:00.000+02:00"), "\(rides.stdout)")
        let show = try CLIRunner.run(["show", "--board", dir.path, "--ride", "\(f.a.id)"])
        #expect(show.stdout.contains("  start       2026-06-14T09:30:00.000+02:00"), "\(show.stdout)")
        let out = f.directory.appendingPathComponent("out").path
        let dump = try CLIRunner.run(["dump", "--board", dir.path, "--ride", "\(f.a.id)", "--format", "gpx", "-o", out + "/"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let name = "20260614T093000+0200-ride-\(f.a.id).gpx"
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [name])
        let gpx = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
        #expect(gpx.contains("<time>2026-06-14T07:30:00.000Z</time>"), "UTC inside the file")
    }

    @Test func unknownZoneIsABoardError() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        let dir = try board(zone: "Mars/Olympus_Mons", fixture: f)
        let r = try CLIRunner.run(["rides", "--board", dir.path])
        #expect(r.status == 65)
        #expect(r.stderr.contains("'time_zone' names an unknown zone 'Mars/Olympus_Mons'"), "\(r.stderr)")
        #expect(r.stderr.contains(dir.appendingPathComponent("board.conf").path), "\(r.stderr)")
    }
}
