import Foundation
import RoamCore
import RoamTestSupport
import Testing

/// The drive as the board's settings say: in its units, its rides in the order they were ridden
/// even on the night the clocks go back, and an imported ride marked as index.html marks it.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveBoardSettingsTests {
    /// A copy of the bench board in `folder`/board, its data directory `folder`, with `lines` added.
    static func board(in folder: URL, _ lines: String) throws -> URL {
        let dir = folder.appendingPathComponent("board")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let conf = try String(contentsOf: CLIRunner.repoRoot.appendingPathComponent("Boards/bench/board.conf"), encoding: .utf8)
        try (conf.replacingOccurrences(of: "data_dir = ../../data/bench", with: "data_dir = ..") + lines)
            .write(to: dir.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        return dir
    }

    /// Imports into `folder`/rides.db a ride of 20 points 10 s and about 33 m apart from `startUTCms`.
    static func importRide(_ name: String, startUTCms: Int64, into folder: URL) throws {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
        for i in 0..<20 {
            s += "<trkpt lat=\"\(47.0 + Double(i) * 0.0003)\" lon=\"8.0\"><time>\(CivilDate.iso8601(utcMs: startUTCms + Int64(i) * 10_000))</time></trkpt>\n"
        }
        let file = folder.appendingPathComponent(name)
        try Data((s + "</trkseg></trk></gpx>\n").utf8).write(to: file)
        let r = try CLIRunner.run(["import", "--db", folder.appendingPathComponent("rides.db").path, file.path])
        try #require(r.status == 0, "\(r.stderr)")
    }

    static func top(_ image: String, _ name: String) throws -> String {
        let r = try DriveProbe.run("mtype", ["-i", image, "::/" + name])
        try #require(r.status == 0, "\(r.err)")
        return r.out.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// README.txt's line for ride `id`.
    static func listed(_ id: Int64, in readme: String) -> String? {
        readme.split(separator: "\n").first { $0.hasPrefix("  ride \(id)  ") }.map(String.init)
    }

    static let june14 = CivilDate.daysFromCivil(year: 2026, month: 6, day: 14) * 86_400_000 + 27_000_000

    /// board.conf's `units = imperial` made `show` and `view` speak miles, while the drive's
    /// README.txt said km and its index.html and ride pages opened in metric. A change of units
    /// makes the drive again, once, as a change of time zone does.
    @Test func theDriveIsInTheBoardsUnitsAndANewUnitsMakesItAgain() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.importRide("june.gpx", startUTCms: Self.june14, into: dir)
        let board = try Self.board(in: dir, "units = imperial\n")
        let image = dir.appendingPathComponent("drive.img").path
        let built = try CLIRunner.run(["drive-image", "--board", board.path, "--image", image])
        try #require(built.status == 0, "\(built.stderr)")
        let readme = try Self.top(image, "README.txt")
        let line = try #require(Self.listed(1, in: readme), "\(readme)")
        #expect(line.hasSuffix(" mi") || line.contains(" mi  "), "\(line)")
        #expect(!line.contains(" km"), "\(line)")
        #expect(try Self.top(image, "index.html").contains("lang=\"en\" data-units=\"imperial\">"))
        let rides = try DriveProbe.copyOut(image, into: dir.appendingPathComponent("host"))
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: rides.path).first { $0.hasSuffix(".html") })
        #expect(try String(contentsOf: rides.appendingPathComponent(page), encoding: .utf8).contains("lang=\"en\" data-units=\"imperial\">"))

        _ = try Self.board(in: dir, "units = metric\n")
        let again = try CLIRunner.run(["drive-image", "--board", board.path, "--image", image])
        #expect(again.status == 0 && again.stderr.contains("drive: built"), "\(again.stderr)")
        let metric = try Self.top(image, "README.txt")
        #expect(Self.listed(1, in: metric)?.contains(" km") == true, "\(metric)")
        #expect(metric.split(separator: "\n").last != readme.split(separator: "\n").last, "the fingerprint names the units")
        #expect(try Self.top(image, "index.html").contains("lang=\"en\" data-units=\"metric\">"))
        let once = try CLIRunner.run(["drive-image", "--board", board.path, "--image", image])
        #expect(once.status == 0 && !once.stderr.contains("built"), "\(once.stderr)")
    }

    /// Berlin, 2026-10-25 01:00 UTC: 03:00 summer time becomes 02:00 again. A ride started at
    /// 02:30 (+02:00) came before one started at 02:10 (+01:00), yet index.html listed them as
    /// "02:10" above "02:30" with nothing to tell the two 02:00 hours apart (and two starts at the
    /// same minute of either read the same). They read with their offset there, and only there.
    @Test func ridesInTheRepeatedHourSayTheirOffsetAndKeepTheirOrder() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let change = CivilDate.daysFromCivil(year: 2026, month: 10, day: 25) * 86_400_000 + 3_600_000
        // Imported out of order: ids say nothing of which came first.
        try Self.importRide("second.gpx", startUTCms: change + 600_000, into: dir)      // 02:10+01:00, ride 1
        try Self.importRide("first.gpx", startUTCms: change - 1_800_000, into: dir)     // 02:30+02:00, ride 2
        try Self.importRide("morning.gpx", startUTCms: change + 14_400_000, into: dir)  // 06:00+01:00, ride 3
        let board = try Self.board(in: dir, "time_zone = Europe/Berlin\n")
        let image = dir.appendingPathComponent("drive.img").path
        let built = try CLIRunner.run(["drive-image", "--board", board.path, "--image", image])
        try #require(built.status == 0, "\(built.stderr)")
        let index = try Self.top(image, "index.html")
        let local = index.matches(of: #/"local":"([^"]*)"/#).map { String($0.1) }
        #expect(local == ["2026-10-25 06:00", "2026-10-25 02:10+01:00", "2026-10-25 02:30+02:00"], "\(local)")
        let readme = try Self.top(image, "README.txt")
        let order = readme.split(separator: "\n").filter { $0.hasPrefix("  ride ") }.map { $0.split(separator: " ")[1] }
        #expect(order == ["3", "1", "2"], "\(readme)")
        // The names sort by their local time there (02:10+0100 before 02:30+0200): README.txt says which came first.
        #expect(try DriveProbe.rideFiles(image).first { $0.hasSuffix(".fit") } == "20261025T021000+0100-ride-1.fit")
        #expect(readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .contains("except in the hour the clocks repeat when summer time ends: of two names there, the one with the larger offset came first."),
                "\(readme)")
    }

    /// index.html said "imported from FILE (DEVICE)" in an imported ride's row; README.txt's list
    /// said nothing. It says the same words now, and nothing of a ride the board recorded.
    @Test func readmeMarksImportedRidesAsTheIndexDoes() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        try Self.importRide("morning.gpx", startUTCms: Self.june14 - 86_400_000, into: fixture.directory)
        let id = try #require(Int64(try CLIRunner.run(["rides", "--db", fixture.dbPath, "--last-id"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let image = fixture.directory.appendingPathComponent("drive.img").path
        let built = try CLIRunner.run(["drive-image", "--db", fixture.dbPath, "--image", image])
        try #require(built.status == 0, "\(built.stderr)")
        let readme = try Self.top(image, "README.txt")
        let imported = try #require(Self.listed(id, in: readme), "\(readme)")
        #expect(imported.hasSuffix("  imported from morning.gpx (Test Logger)"), "\(imported)")
        for ride in [fixture.a, fixture.b] {
            #expect(Self.listed(ride.id, in: readme).map { !$0.contains("imported") } == true, "\(readme)")
        }
        #expect(try Self.top(image, "index.html").contains("imported from morning.gpx (Test Logger)"))
    }
}
