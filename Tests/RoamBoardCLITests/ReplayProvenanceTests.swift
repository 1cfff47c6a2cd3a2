import Foundation
import RoamCore
import RoamStore
import Testing

/// A bench replay's figures that no device measured say so where they are shown (P4): a GPX
/// track's speed comes from its positions and its climb from its elevation; a capture has no
/// barometer at all; the times of either are not this board's receiver's; its GPX and GeoJSON never
/// call the elevation barometric. The bench's own simulated ride says nothing of the kind.
@Suite struct ReplayProvenanceTests {
    /// Replays `file` (or records the bench ride when nil) and returns show, rides and the page.
    static func outputs(replaying file: URL?, in dir: URL) throws -> (show: String, rides: String, page: String, ride: RideRow) {
        let db = dir.appendingPathComponent("rides.db").path
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"] + (file.map { ["--replay", $0.path] } ?? []))
        try #require(rec.status == 0, "\(rec.stderr)")
        let ride = try #require(try RideReader(path: db).rides().last)
        let show = try CLIRunner.run(["show", "--db", db, "--ride", String(ride.id)])
        let rides = try CLIRunner.run(["rides", "--db", db])
        let page = dir.appendingPathComponent("ride.html")
        let view = try CLIRunner.run(["view", "--db", db, "--ride", String(ride.id), "-o", page.path])
        try #require(show.status == 0 && rides.status == 0 && view.status == 0, "\(show.stderr)\(rides.stderr)\(view.stderr)")
        return (show.stdout, rides.stdout, try String(contentsOf: page, encoding: .utf8), ride)
    }

    /// What the ride's GPX `<desc>` and GeoJSON `elevation` property say its elevation is.
    static func exportedElevation(in dir: URL, ride: Int64) throws -> (gpx: String, geojson: String) {
        let db = dir.appendingPathComponent("rides.db").path
        func dump(_ format: String) throws -> String {
            let r = try CLIRunner.run(["dump", "--db", db, "--ride", String(ride), "--format", format])
            try #require(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        let gpx = try dump("gpx"), geojson = try dump("geojson")
        let desc = try #require(gpx.range(of: "<desc>").flatMap { open in gpx.range(of: "</desc>").map { gpx[open.upperBound..<$0.lowerBound] } })
        let property = try #require(geojson.range(of: "\"elevation\":\"").flatMap { open in
            geojson[open.upperBound...].firstIndex(of: "\"").map { geojson[open.upperBound..<$0] } })
        return (String(desc), String(property))
    }

    @Test func aReplayedTrackSaysItsSpeedIsDerivedAndItsClimbIsTheTracksElevation() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 30 s north at 5 m/s, climbing 0.5 m a second: a climb the 3 m hysteresis counts.
        var body = ""
        for i in 0..<30 {
            let lat = 48.0 + 5.0 * Double(i) / 111_195
            body += "<trkpt lat=\"\(String(format: "%.7f", lat))\" lon=\"7.85\"><ele>\(String(format: "%.1f", 280 + 0.5 * Double(i)))</ele>"
                + "<time>2024-05-01T10:00:\(String(format: "%02d", i))Z</time></trkpt>\n"
        }
        let file = dir.appendingPathComponent("ride.gpx")
        try ReplayInputTests.gpx(body).write(to: file, atomically: true, encoding: .utf8)
        let out = try Self.outputs(replaying: file, in: dir)
        #expect(!out.ride.parameters.speedMeasured)
        #expect(out.ride.parameters.altitudeSource == .trackElevation)
        #expect(out.show.contains("m (the track file's elevation, not the board's barometer)"), "\(out.show)")
        #expect(out.show.contains("km/h (derived from the track file's positions and times, not measured)"), "\(out.show)")
        #expect(!out.show.contains("(barometer)"), "\(out.show)")
        // Always climbing: no descent, said without a sign ("-0.0 m" was a literal minus).
        #expect(out.show.contains(" / 0.0 m (the track file's elevation") && !out.show.contains("-0.0"), "\(out.show)")
        // Its times are the file's, not this board's receiver's (show said "GNSS").
        let timeLine = out.show.split(separator: "\n").first { $0.hasPrefix("  time ") } ?? ""
        #expect(timeLine.hasPrefix("  time        ") && timeLine.hasSuffix(" from the track file (not this board's receiver)")
                && !timeLine.contains("GNSS"), "\(out.show)")
        #expect(out.page.contains("Times are from the track file, not this board&apos;s receiver."))
        #expect(out.rides.contains(" m*"), "\(out.rides)")
        #expect(out.rides.contains("* ascent counted from a track file's elevation"), "\(out.rides)")
        #expect(out.page.contains("Not measured on this ride"))
        #expect(out.page.contains("Speed (average, maximum, the chart and the colours) is derived from the track file&apos;s"))
        #expect(out.page.contains("The maximum is the fastest stretch of 7 s or more, never one step."))
        #expect(out.page.contains("counted from the track file&apos;s elevation"))
        #expect(out.page.contains("No air temperature was measured"))
        // The files and the page's foot note say it too, never "barometric (BMP280)".
        let files = try Self.exportedElevation(in: dir, ride: out.ride.id)
        #expect(files.gpx == "Elevation: the track file&apos;s elevation, not the board&apos;s barometer. "
                + "Speed and course: derived from the track file&apos;s positions and times, not measured. "
                + "No satellite count or DOP: the replay sent the track file&apos;s points, not a receiver&apos;s.", "\(files.gpx)")
        #expect(files.geojson == "the track file's elevation, not the board's barometer", "\(files.geojson)")
        #expect(!out.page.contains("Elevation: barometric"))
    }

    @Test func aReplayedCaptureHasNoBarometerSoNoClimb() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = ""
        for i in 0..<20 {
            let minutes = String(format: "%07.4f", 0.0 + 0.0027 * Double(i))
            text += NMEAChecksum.seal("$GPRMC,1015\(String(format: "%02d", i)).00,A,4800.\(minutes.suffix(4)),N,00751.0000,E,9.7,0.0,010524,,,A") + "\r\n"
            text += NMEAChecksum.seal("$GPGGA,1015\(String(format: "%02d", i)).00,4800.\(minutes.suffix(4)),N,00751.0000,E,1,09,0.9,280.0,M,47.0,M,,") + "\r\n"
        }
        let file = dir.appendingPathComponent("ride.nmea")
        try Data(text.utf8).write(to: file)
        let out = try Self.outputs(replaying: file, in: dir)
        #expect(out.ride.parameters.speedMeasured)
        #expect(out.ride.parameters.altitudeSource == AltitudeSource.none)
        #expect(out.ride.totals.ascentM == nil, "a constant bench pressure counted as a flat ride")
        var pressures = 0
        try RideReader(path: dir.appendingPathComponent("rides.db").path).forEachFix(ride: out.ride.id) { if $0.pressurePa != nil { pressures += 1 } }
        #expect(pressures == 0)
        #expect(out.show.contains("climb       unavailable (no barometer"), "\(out.show)")
        #expect(out.page.contains("No barometer measured this ride (a replayed NMEA capture"))
        #expect(!out.page.contains("is derived from the track file"))
        // GNSS times, but the capture's receiver's, not this board's.
        #expect(out.show.contains(" from the replayed capture's receiver (not this board's receiver)"),
                "\(out.show)")
        #expect(out.page.contains("Times are from the replayed capture&apos;s receiver, not this board&apos;s receiver."))
        let files = try Self.exportedElevation(in: dir, ride: out.ride.id)
        #expect(files.gpx == "Elevation: none, no barometer measured this ride.", "\(files.gpx)")
        #expect(files.geojson == "none, no barometer measured this ride", "\(files.geojson)")
        #expect(!out.page.contains("Elevation: barometric"))
    }

    @Test func theBenchRideClaimsNothingItDidNotMeasure() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.outputs(replaying: nil, in: dir)
        #expect(out.show.contains(" m (barometer)"), "\(out.show)")
        #expect(!out.show.contains("derived from"), "\(out.show)")
        let timeLine = out.show.split(separator: "\n").first { $0.hasPrefix("  time ") } ?? ""
        #expect(timeLine.hasPrefix("  time        2") && timeLine.hasSuffix(" from GNSS") && !out.show.contains("not this board's receiver"), "\(out.show)")
        #expect(!out.page.contains("Times are from"))
        #expect(!out.rides.contains("*"), "\(out.rides)")
        #expect(!out.page.contains("Not measured on this ride"))
        let files = try Self.exportedElevation(in: dir, ride: out.ride.id)
        #expect(files.gpx.hasPrefix("Elevation: barometric (BMP280)"), "\(files.gpx)")
        #expect(files.geojson.hasPrefix("barometric"), "\(files.geojson)")
    }
}
