import Foundation
import Testing

/// An imported ride's files say where it came from (its GPX `<desc>` and `roam:imported`), so
/// telling whether a file already in place is the ride must compare with those same bytes; its
/// elevation is the file's own, which the GeoJSON says as the GPX does.
@Suite struct ImportedRideDumpTests {
    @Test func dumpingAnImportedRideAgainFindsItsFileInPlace() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpx = dir.appendingPathComponent("morning.gpx")
        try Data(ImportCommandTests.gpx(60).utf8).write(to: gpx)
        let db = dir.appendingPathComponent("rides.db").path
        let imported = try CLIRunner.run(["import", "--db", db, gpx.path])
        try #require(imported.status == 0, "\(imported.stderr)")
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
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpx = dir.appendingPathComponent("morning.gpx")
        try Data(ImportCommandTests.gpx(60).utf8).write(to: gpx)
        let db = dir.appendingPathComponent("rides.db").path
        try #require(try CLIRunner.run(["import", "--db", db, gpx.path]).status == 0)
        let geojson = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "geojson"])
        try #require(geojson.status == 0, "\(geojson.stderr)")
        #expect(geojson.stdout.contains("\"elevation\":\"the track file's elevation, not the board's barometer\""), "\(geojson.stdout.suffix(900))")
        #expect(!geojson.stdout.contains("barometric"))
    }
}
