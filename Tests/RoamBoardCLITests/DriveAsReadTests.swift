import Foundation
import RoamStore
import RoamTestSupport
import Testing

/// The drive as a rider reads it on their computer: README.txt (read back with mtools) and
/// index.html (opened from a copy of the drive in headless Chromium), built from real rides and
/// an imported one.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveAsReadTests {
    /// README.txt said FIT and GPX were each for any site without saying which to upload or that
    /// FIT holds one record per second (docs/FORMATS.md), said nothing of when the drive changes or
    /// how to free room (unless rides were left off), and said a ride never handed over is never
    /// pruned, which `prune --ride N --not-dumped-too` and an imported ride make untrue.
    @Test func readmeSaysWhichFileToUploadWhenTheDriveChangesAndHowToFreeRoom() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let image = fixture.directory.appendingPathComponent("drive.img").path
        let built = try CLIRunner.run(["drive-image", "--db", fixture.dbPath, "--image", image])
        try #require(built.status == 0, "\(built.stderr)")
        let readme = try DriveProbe.readme(image).replacingOccurrences(of: "\r\n", with: "\n")
        // Said as one paragraph, however the lines wrap.
        let text = readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("FIT activity with one record per second") && text.contains("upload this one to Strava or Garmin Connect"), "\(readme)")
        #expect(text.contains("GPX 1.1 track with every fix the board kept"), "\(readme)")
        #expect(text.contains("It changes only while no computer has it") && text.contains("unplug the board and plug it in again"), "\(readme)")
        // Whole commands, as the database's owner (root's folder here: sudo), naming the database.
        #expect(text.contains("To free room, delete rides in a shell on the board: 'sudo roam-board prune --db \(fixture.dbPath) --dumped-before 20")
                && text.contains("'sudo roam-board prune --db \(fixture.dbPath) --ride "), "\(readme)")
        #expect(!text.contains("is never pruned") && text.contains("unless you add --not-dumped-too"), "\(readme)")
        // The example name is one on this drive (in its zone, UTC here), not a made-up +0200 one.
        let example = try #require(text.firstRange(of: "so the names sort by date (").map { String(text[$0.upperBound...].prefix { $0 != ")" }) })
        let names = try DriveProbe.rideFiles(image)
        #expect(example.hasSuffix(".fit") && names.contains(example), "\(example) among \(names)")
    }

    /// README.txt said "Storage left on the board: N MiB free" of the card alone while `status` added
    /// rides.db's free pages, and its prune advice did not say where a pruned ride's room goes. Both
    /// now give the room as one function says it, and README.txt says a pruned ride's room stays inside rides.db.
    @Test func readmeAndStatusSayTheRoomAPruneLeftInTheSameWords() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let gpx = fixture.directory.appendingPathComponent("long.gpx")
        try Data(ImportRoomTests.gpx(6_000, lat: 30).utf8).write(to: gpx)
        try #require(try CLIRunner.run(["import", "--db", fixture.dbPath, gpx.path]).status == 0)
        let long = try #require(try RideReader(path: fixture.dbPath).rides().last?.id)
        let pruned = try CLIRunner.run(["prune", "--db", fixture.dbPath, "--ride", "\(long)", "--not-dumped-too"])
        try #require(pruned.status == 0, "\(pruned.stdout)\(pruned.stderr)")
        let image = fixture.directory.appendingPathComponent("drive.img").path
        let built = try CLIRunner.run(["drive-image", "--db", fixture.dbPath, "--image", image])
        try #require(built.status == 0, "\(built.stderr)")
        let text = try DriveProbe.readme(image).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let status = try CLIRunner.run(["status", "--db", fixture.dbPath]).stdout
        let inside = /free \(([0-9.]+ [KMG]iB) of it inside rides\.db, pruned rides' room: reused by new rides; the file does not shrink\)/
        let readmeRoom = try #require(text.firstMatch(of: inside).map { String($0.1) }, "README.txt: \(text)")
        let statusRoom = try #require(status.firstMatch(of: inside).map { String($0.1) }, "status: \(status)")
        #expect(readmeRoom == statusRoom, "README.txt says \(readmeRoom) inside rides.db, status \(statusRoom)")
        #expect(text.contains("Storage left on the board: ") && text.contains("A pruned ride's room stays inside rides.db (pruned rides' room: "
            + "reused by new rides; the file does not shrink): room for new rides, not for other files on the card."), "\(text)")
    }

    /// index.html's rows linked each ride's page only, said nothing of an imported ride, and wrote
    /// moving time "0:32" with no unit (32 minutes, or seconds?). Each row now links the ride's page,
    /// FIT and GPX on the drive, and an imported ride's row says where it came from.
    @Test(.needs(PageJudge.isAvailable, PageJudge.skipReason))
    func indexRowsLinkEachRidesPageFITAndGPXAndMarkImportedRides() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let gpx = fixture.directory.appendingPathComponent("morning.gpx")
        try Data(ImportCommandTests.gpx(60).utf8).write(to: gpx)
        let imported = try CLIRunner.run(["import", "--db", fixture.dbPath, gpx.path])
        try #require(imported.status == 0, "\(imported.stderr)")
        let importedID = try #require(Int64(try CLIRunner.run(["rides", "--db", fixture.dbPath, "--last-id"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let image = fixture.directory.appendingPathComponent("drive.img").path
        try #require(try CLIRunner.run(["drive-image", "--db", fixture.dbPath, "--image", image]).status == 0)
        let host = fixture.directory.appendingPathComponent("host")
        try FileManager.default.createDirectory(at: host, withIntermediateDirectories: true)
        let copied = try DriveProbe.run("mcopy", ["-i", image, "-s", "-n", "::/Rides", "::/index.html", host.path + "/"])
        try #require(copied.status == 0, "\(copied.err)")
        let probe = """
            JSON.stringify({ head: Array.from(document.querySelectorAll('#rides thead th')).map(th => th.textContent),
              rows: Array.from(document.querySelectorAll('#rides tbody tr')).map(tr => ({ id: Number(tr.dataset.ride),
                text: tr.children[1].textContent, hrefs: Array.from(tr.querySelectorAll('a')).map(a => a.getAttribute('href')) })) })
            """
        let v = try PageJudge.run(page: host.appendingPathComponent("index.html"), steps: [.viewport(1400, 1000), .eval(probe)])
        #expect(v.errors.isEmpty && v.requests.isEmpty, "\(v.errors) \(v.requests)")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data((v.results.first as? String ?? "{}").utf8)) as? [String: Any])
        let head = try #require(seen["head"] as? [String])
        #expect(head.contains("Moving (h:mm)") && head.contains("Files"), "\(head)")
        let rows = try #require(seen["rows"] as? [[String: Any]])
        #expect(Set(rows.compactMap { ($0["id"] as? Int).map(Int64.init) }) == [fixture.a.id, fixture.b.id, importedID], "\(rows)")
        for row in rows {
            let hrefs = row["hrefs"] as? [String] ?? []
            #expect(hrefs.map { $0.split(separator: ".").last.map(String.init) ?? "" } == ["html", "fit", "gpx"], "\(row)")
            for href in hrefs { #expect(FileManager.default.fileExists(atPath: host.appendingPathComponent(href).path), "\(href)") }
            let text = row["text"] as? String ?? ""
            let isImported = (row["id"] as? Int).map(Int64.init) == importedID
            #expect(text.contains("imported from morning.gpx (Test Logger)") == isImported, "\(row)")
        }
    }
}

extension DriveAsReadTests {
    /// README.txt's words, on one line.
    static func readmeWords(_ image: String) throws -> String {
        try DriveProbe.readme(image).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The names, FAT dates and README.txt's times are in the board's zone: a new time_zone in
    /// board.conf makes the drive again in it, once. It was no change to the drive, which kept
    /// the old zone's names (and README.txt its times) until a ride changed. README.txt says which
    /// zone the dates are in: a computer shows them as its own local time, and UTC's read hours off.
    @Test func aNewTimeZoneNamesEveryFileInItOnce() throws {
        let fixture = try DumpFixture.make()
        defer { fixture.remove() }
        let image = fixture.directory.appendingPathComponent("drive.img").path
        try #require(try CLIRunner.run(["drive-image", "--db", fixture.dbPath, "--image", image]).status == 0)
        let fit = "-ride-\(fixture.a.id).fit"
        try #require(try DriveProbe.rideFiles(image).contains("20260614T073000Z" + fit))
        let utc = try Self.readmeWords(image)
        #expect(utc.contains("The files' dates are UTC, as the board has no time_zone: a computer shows a file's date as its own "
            + "local time, hours off. To date them in your zone, add a line such as 'time_zone = Europe/Berlin' to "
            + "/etc/roam-board/board.conf on the board, then 'sudo systemctl restart roam-board roam-board-drive'"), "\(utc)")
        let board = try LocalTimeTests.board(zone: "Europe/Berlin", in: fixture.directory)
        let zoned = try CLIRunner.run(["drive-image", "--board", board.path, "--db", fixture.dbPath, "--image", image])
        #expect(zoned.status == 0 && zoned.stderr.contains("drive: built"), "\(zoned.stderr)")
        let names = try DriveProbe.rideFiles(image)
        #expect(names.contains("20260614T093000+0200" + fit) && !names.contains { $0.contains("Z-ride-") }, "\(names)")
        #expect(try DriveProbe.readme(image).contains("  ride \(fixture.a.id)  2026-06-14T09:30:00.000+02:00  "))
        let berlin = try Self.readmeWords(image)
        #expect(berlin.contains("The files' dates are Europe/Berlin time, the board's time_zone, as their names are") && !berlin.contains("dates are UTC"),
                "\(berlin)")
        // Once: the same zone again is no change.
        let again = try CLIRunner.run(["drive-image", "--board", board.path, "--db", fixture.dbPath, "--image", image])
        #expect(again.status == 0 && !again.stderr.contains("built"), "\(again.stderr)")
    }
}
