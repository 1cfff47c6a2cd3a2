import Foundation
import Testing

/// An imported ride's files say where it came from (its GPX `<desc>` and `roam:imported`), so
/// telling whether a file already in place is the ride must compare with those same bytes; its
/// elevation is the file's own, which the GeoJSON says as the GPX does.
@Suite struct ImportedRideDumpTests {
    @Test func dumpingAnImportedRideAgainFindsItsFileInPlace() throws {
        let (dir, db) = try Self.imported(ImportCommandTests.gpx(60), named: "morning.gpx")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out").path + "/"
        for format in ["gpx", "geojson", "csv", "fit"] {
            let first = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", format, "--out", out])
            try #require(first.status == 0, "\(format): \(first.stderr)")
            let again = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", format, "--out", out])
            #expect(again.status == 0, "\(format): \(again.stderr)")
            #expect(again.stderr.contains("already holds it, byte for byte"), "\(format): \(again.stderr)")
        }
    }

    /// Its elevation is the file's: the GeoJSON says so as the GPX does, never "barometric".
    @Test func anImportedRidesGeoJSONNamesTheFilesElevation() throws {
        let (dir, db) = try Self.imported(ImportCommandTests.gpx(60), named: "morning.gpx")
        defer { try? FileManager.default.removeItem(at: dir) }
        let geojson = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "geojson"])
        try #require(geojson.status == 0, "\(geojson.stderr)")
        #expect(geojson.stdout.contains("\"elevation\":\"the track file's elevation, not the board's barometer\""), "\(geojson.stdout.suffix(900))")
        #expect(!geojson.stdout.contains("barometric"))
    }

    /// A file without elevation gave the ride none: its GPX <desc> and its page say so, and never
    /// that elevation is the file's own.
    @Test func anImportedRideWithoutElevationSaysItHasNone() throws {
        let (dir, db) = try Self.imported(ImportCommandTests.gpx(60).replacingOccurrences(of: "<ele>400</ele>", with: ""), named: "flat.gpx")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Escaped as the GPX and the page write it.
        let said = "Points and times are the file&apos;s own; the file has no elevation, so the ride has no elevation and no climb"
        let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let desc = String(try #require(dump.stdout.firstRange(of: "<desc>").map { dump.stdout[$0.upperBound...].prefix { $0 != "<" } }))
        #expect(desc == "Not recorded by this board: imported from flat.gpx (Test Logger). \(said); distance and time were computed "
                + "by roam-board&apos;s pipeline.", "\(desc)")
        let page = try CLIRunner.run(["view", "--db", db, "--ride", "1", "-o", "-"])
        try #require(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("Not recorded by this board: imported from flat.gpx (Test Logger). \(said). Gaps are left open"))
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"]).stdout
        #expect(show.contains("  climb       unavailable (the imported file has no elevation)\n"), "\(show)")
        #expect(!dump.stdout.contains("elevation are the file&apos;s own") && !page.stdout.contains("elevation are the file&apos;s own"))
        // With elevation, the file's own, as before.
        let hilly = dir.appendingPathComponent("hilly.gpx")
        try Data(ImportCommandTests.gpx(60).replacingOccurrences(of: "2022-05-01", with: "2022-05-02").utf8).write(to: hilly)
        try #require(try CLIRunner.run(["import", "--db", db, hilly.path]).status == 0)
        let withElevation = try CLIRunner.run(["dump", "--db", db, "--ride", "2", "--format", "gpx"]).stdout
        #expect(withElevation.contains("Points, times and elevation are the file&apos;s own; distance, time and climb were computed"),
                "\(withElevation.prefix(1500))")
    }

    /// An imported ride's times are the file's: `show` never names the board's receiver (GNSS) as their source.
    @Test func showSaysAnImportedRidesTimesAreTheFiles() throws {
        let (dir, db) = try Self.imported(ImportCommandTests.gpx(60), named: "morning.gpx")
        defer { try? FileManager.default.removeItem(at: dir) }
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        try #require(show.status == 0, "\(show.stderr)")
        let time = try #require(show.stdout.split(separator: "\n").first { $0.hasPrefix("  time ") })
        #expect(time == "  time        60 from the imported file (not this board's receiver)", "\(show.stdout)")
    }

    /// A new folder holding `rides.db` with `gpx`, written as `name`, imported as ride 1.
    static func imported(_ gpx: String, named name: String) throws -> (dir: URL, db: String) {
        let dir = try CLIRunner.temporaryDirectory()
        let file = dir.appendingPathComponent(name)
        try Data(gpx.utf8).write(to: file)
        let db = dir.appendingPathComponent("rides.db").path
        let imported = try CLIRunner.run(["import", "--db", db, file.path])
        try #require(imported.status == 0, "\(imported.stderr)")
        return (dir, db)
    }
}
