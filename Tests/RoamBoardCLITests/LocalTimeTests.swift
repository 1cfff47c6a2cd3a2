import Foundation
import Glibc
import Testing

/// board.conf's `time_zone` on the command line: shown times and file names in it, UTC inside files.
@Suite struct LocalTimeTests {
    /// A copy of the bench board whose data directory holds the dump fixture's database.
    private func board(zone: String, fixture: DumpFixture) throws -> URL { try Self.board(zone: zone, in: fixture.directory) }

    /// A copy of the bench board in `folder`/board, in `zone`, whose data directory is `folder`.
    static func board(zone: String, in folder: URL) throws -> URL {
        let dir = folder.appendingPathComponent("board")
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

    /// A ride across the autumn change (Berlin, 2022-10-30 01:00 UTC: 03:00 CEST becomes 02:00 CET):
    /// `show`'s segment and gap times carry their offsets, or a segment would end before it starts.
    /// A ride within one offset keeps the bare clock.
    @Test func showGivesOffsetsToTimesOfARideAcrossAClockChange() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = try Self.board(zone: "Europe/Berlin", in: dir)
        let db = dir.appendingPathComponent("rides.db").path
        try Self.importAcrossTheChange(into: db, in: dir)
        let autumn = try CLIRunner.run(["show", "--board", board.path, "--db", db, "--ride", "1"])
        try #require(autumn.status == 0, "\(autumn.stderr)")
        #expect(autumn.stdout.contains("    #0  02:50:00+02:00–02:03:00+01:00  "), "\(autumn.stdout)")
        let summer = try CLIRunner.run(["show", "--board", board.path, "--db", db, "--ride", "2"])
        #expect(summer.stdout.contains("    #0  02:50:00–03:03:00  "), "\(summer.stdout)")
    }

    /// Two rides imported into `db`: 00:50:00Z to 01:10:00Z every 10 s, about 12 km/h, with a hole
    /// from 01:03:00Z to 01:06:00Z (a gap), on 2022-10-30 (ride 1, across Berlin's autumn change at
    /// 01:00Z) and on 2022-07-03 (ride 2, summer time throughout).
    static func importAcrossTheChange(into db: String, in dir: URL) throws {
        func track(_ day: String) -> String {
            var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
            for i in 0...120 where !(79..<96).contains(i) {
                let minute = 50 + i / 6, clock = String(format: "%02d:%02d:%02d", minute / 60, minute % 60, i % 6 * 10)
                s += "<trkpt lat=\"\(47.0 + Double(i) * 0.0003)\" lon=\"8.0\"><time>\(day)T\(clock)Z</time></trkpt>\n"
            }
            return s + "</trkseg></trk></gpx>\n"
        }
        for (name, day) in [("autumn.gpx", "2022-10-30"), ("summer.gpx", "2022-07-03")] {
            let file = dir.appendingPathComponent(name)
            try Data(track(day).utf8).write(to: file)
            try #require(try CLIRunner.run(["import", "--db", db, file.path]).status == 0)
        }
    }

    /// The page as `show`: each time at its own instant's offset (the gap after the change was
    /// said at the start's +02:00, an hour late), and with the offset across the change; the
    /// header names both offsets. A ride within one offset keeps the bare clock.
    @Test func thePageGivesEachTimeItsOwnOffsetAcrossAClockChange() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = try Self.board(zone: "Europe/Berlin", in: dir)
        let db = dir.appendingPathComponent("rides.db").path
        try Self.importAcrossTheChange(into: db, in: dir)
        func page(_ ride: Int) throws -> String {
            let out = dir.appendingPathComponent("ride-\(ride).html")
            let r = try CLIRunner.run(["view", "--board", board.path, "--db", db, "--ride", "\(ride)", "-o", out.path])
            try #require(r.status == 0, "\(r.stderr)")
            return try String(contentsOf: out, encoding: .utf8)
        }
        // The gap starts at 01:03:00Z: 02:03 winter time, not 03:03.
        let autumn = try page(1)
        #expect(autumn.contains("title=\"2022-10-30 01:03:00 UTC\">02:03+01:00</time>"), "the gap's time")
        #expect(autumn.contains("title=\"2022-10-30 00:50:00 UTC\">02:50+02:00</time>"), "the start")
        #expect(autumn.contains("title=\"2022-10-30 01:10:00 UTC\">02:10+01:00</time>"), "the end")
        #expect(autumn.contains("times in Europe/Berlin (UTC+02:00, then UTC+01:00)"))
        #expect(!autumn.contains(">03:03</time>") && !autumn.contains(">03:10</time>"))
        let summer = try page(2)
        #expect(summer.contains("title=\"2022-07-03 01:03:00 UTC\">03:03</time>"), "the gap's time")
        #expect(summer.contains("times in Europe/Berlin (UTC+02:00)"))
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
