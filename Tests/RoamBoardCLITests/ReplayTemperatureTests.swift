import Foundation
import RoamCore
import RoamStore
import Testing

/// The bench barometer needs a temperature to answer with, but a replayed track's standard
/// atmosphere is no measurement: the ride stores none. A track that carries the device's own air
/// temperature (Garmin's `atemp`, as GPSBabel writes it with `garminextensions`) keeps it.
@Suite struct ReplayTemperatureTests {
    static func track(atemp: (Int) -> Double?) -> String {
        var body = ""
        for i in 0..<30 {
            let lat = 48.0 + 5.0 * Double(i) / 111_195
            let ext = atemp(i).map {
                "<extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>\(String(format: "%.6f", $0))</gpxtpx:atemp>"
                    + "<gpxtpx:hr>74</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>"
            } ?? ""
            body += "<trkpt lat=\"\(String(format: "%.7f", lat))\" lon=\"7.85\"><ele>280.0</ele>"
                + "<time>2024-05-01T10:00:\(String(format: "%02d", i))Z</time>\(ext)</trkpt>\n"
        }
        return ReplayInputTests.gpx(body)
    }

    /// Also runs `check`: the totals recomputed from the stored columns (pressure without a
    /// temperature) must equal the ride's (P2).
    static func temperatures(replaying gpx: String) throws -> (stored: [Double?], parameters: PipelineParameters) {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ride.gpx")
        try gpx.write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", file.path, "--quiet"])
        try #require(r.status == 0, "\(r.stderr)")
        let reader = try RideReader(path: db)
        let ride = try #require(try reader.rides().first)
        var stored: [Double?] = []
        try reader.forEachFix(ride: ride.id) { stored.append($0.temperatureC) }
        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 0, "\(check.stdout)")
        return (stored, ride.parameters)
    }

    @Test func aTrackWithoutATemperatureStoresNone() throws {
        let (stored, parameters) = try Self.temperatures(replaying: Self.track { _ in nil })
        #expect(stored.count == 30 && stored.allSatisfy { $0 == nil }, "\(stored.prefix(3))")
        #expect(!parameters.temperatureMeasured)
    }

    @Test func aTrackWithTheDevicesAirTemperatureKeepsIt() throws {
        let (stored, parameters) = try Self.temperatures(replaying: Self.track { 17 + Double($0) / 10 })
        #expect(parameters.temperatureMeasured)
        #expect(stored.count == 30)
        // The fake BMP280 carries it through its registers: the datasheet's 0.01 °C resolution.
        for (i, t) in stored.enumerated() {
            #expect(abs((t ?? -99) - (17 + Double(i) / 10)) < 0.02, "fix \(i): \(String(describing: t))")
        }
    }

    /// Issue 26: a figure that is not this board's own measurement says so where it is shown. A
    /// track's temperature is the recording device's: `show`, the page's card of what the board did
    /// not measure, and both temperature charts say it came from the track file.
    @Test func aTrackTemperatureIsSaidToBeTheFilesWhereverItIsShown() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ride.gpx")
        try Self.track { 17 + Double($0) / 10 }.write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", file.path, "--quiet"])
        try #require(r.status == 0, "\(r.stderr)")
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        #expect(show.status == 0, "\(show.stderr)")
        let line = show.stdout.split(separator: "\n").first { $0.hasPrefix("  temperature") }.map(String.init) ?? "no temperature line"
        #expect(line.contains("°C, from the track file (the recording device"), "\(show.stdout)")

        let page = dir.appendingPathComponent("ride.html")
        let view = try CLIRunner.run(["view", "--db", db, "--ride", "1", "-o", page.path])
        try #require(view.status == 0, "\(view.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let said = "from the track file (the recording device"
        for start in ["<div class=\"unmeasured\">", "id=\"chart-temperature-distance\"", "id=\"chart-temperature-time\""] {
            let from = try #require(html.range(of: start), "\(start) is not on the page")
            let end = html.range(of: start.hasPrefix("<div") ? "</div>" : "</figure>", range: from.upperBound..<html.endIndex)?.lowerBound ?? html.endIndex
            #expect(html[from.lowerBound..<end].contains(said), "\(start): \(html[from.lowerBound..<end].prefix(600))")
        }
    }
}
