import Foundation
import RoamTestSupport
import Testing

/// The bench ride dumped as GPX and FIT and imported again: a file of the kept fixes only says so
/// (`ExportedFixes`), so its silences are called points left out of the export, never a "no fix"
/// nobody saw, and the distance and moving time come back as near as the file carries them; a
/// `--raw` GPX of every fix gives the ride back.
@Suite(.serialized) struct ImportRoundTripTests {
    struct Figures: Equatable, CustomStringConvertible {
        var distanceM: Double, movingS: Double, gapCauses: [String]
        var description: String { "\(distanceM) m, moving \(movingS) s, gaps \(gapCauses)" }
    }

    /// Ride 1 of `db` as `show` lists its gaps and its GPX metadata states its totals.
    static func figures(_ db: String) throws -> Figures {
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        try #require(show.status == 0, "\(show.stderr)")
        let causes = show.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let gap = line.range(of: "gap: "), let at = line.range(of: " at ", range: gap.upperBound..<line.endIndex) else { return nil }
            return String(line[gap.upperBound..<at.lowerBound])
        }
        let gpx = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx"])
        try #require(gpx.status == 0, "\(gpx.stderr)")
        func total(_ name: String) throws -> Double {
            let key = try #require(gpx.stdout.range(of: " \(name)=\""), "no \(name) in the GPX metadata")
            let rest = gpx.stdout[key.upperBound...]
            return try #require(Double(String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])))
        }
        return Figures(distanceM: try total("distance_m"), movingS: try total("moving_s"), gapCauses: causes)
    }

    /// The bench ride recorded, and each of its exports imported into a database of its own.
    static func roundTrips() throws -> (source: Figures, imported: [String: Figures], dir: URL) {
        let dir = try CLIRunner.temporaryDirectory()
        let db = dir.appendingPathComponent("rides.db").path
        let record = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        try #require(record.status == 0, "\(record.stderr)")
        var imported: [String: Figures] = [:]
        for format in ["gpx", "fit"] {
            for raw in [false, true] {
                let name = (raw ? "raw." : "kept.") + format
                let file = dir.appendingPathComponent(name).path
                let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", format, "--out", file] + (raw ? ["--raw"] : []))
                try #require(dump.status == 0, "\(dump.stderr)")
                let into = dir.appendingPathComponent("\(name).db").path
                let run = try CLIRunner.run(["import", "--db", into, file])
                try #require(run.status == 0, "\(name): \(run.stderr)")
                // What the import stored is what its fixes and gap markers give again (P2).
                let check = try CLIRunner.run(["check", "--db", into])
                #expect(check.status == 0, "\(name): \(check.stdout) \(check.stderr)")
                imported[name] = try figures(into)
            }
        }
        return (try figures(db), imported, dir)
    }

    @Test("dump without --raw, imported: no gap says \"no fix\", distance within 7 m and moving time within 10 s of the ride's",
          .needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
    func keptFixesComeBackWithoutAnUnseenLossOfFix() throws {
        let (source, imported, dir) = try Self.roundTrips()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The bench ride: 13.231 km, moving 0:32:29, one gap (the tunnel, ridden through).
        #expect(source == Figures(distanceM: 13231.0, movingS: 1949, gapCauses: ["no fix"]), "\(source)")
        for name in ["kept.gpx", "kept.fit"] {
            let f = try #require(imported[name])
            // The file holds no receiver's word: its silences are the points the export left out (the café
            // stop under the distance gate, the tunnel's fixes without a position).
            #expect(!f.gapCauses.contains("no fix"), "\(name): \(f)")
            #expect(f.gapCauses.contains("points left out of the export"), "\(name): \(f)")
            // The café stop's step of about 6 m across its silence is a gap too slow to bridge: not counted.
            #expect(abs(f.distanceM - source.distanceM) <= 7, "\(name): \(f) against \(source)")
            // The tunnel was ridden through (its first fix after says so in GPX; FIT's timer runs on there).
            #expect(abs(f.movingS - source.movingS) <= 10, "\(name): \(f) against \(source)")
        }
    }

    @Test("dump --raw, imported: a GPX gives the ride back, its tunnel a loss of fix ridden through; a FIT as before the mark",
          .needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
    func everyFixComesBackAsItDid() throws {
        let (source, imported, dir) = try Self.roundTrips()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 4fb4407 and the first mark took a raw GPX's <trkseg> as a bare segment break, its time not moving:
        // 1858 s for the ride's 1949. Its first point says the tunnel was ridden through, and every fix is
        // in the file, so that gap was the recording's own loss of fix. One second more: the file's times are whole seconds.
        let gpx = try #require(imported["raw.gpx"])
        #expect(gpx.distanceM == source.distanceM && gpx.gapCauses == source.gapCauses && abs(gpx.movingS - source.movingS) <= 1,
                "\(gpx) against \(source)")
        // What main at 4fb4407 imported from the FIT (gpsbabel starts a FIT's segment at each timer
        // start, so the café stop's resumption is one too).
        #expect(imported["raw.fit"] == Figures(distanceM: 13217.6, movingS: 1948, gapCauses: ["segment break in the file", "no fix"]),
                "\(imported["raw.fit"].map(\.description) ?? "none")")
    }

    @Test("another device's GPX: a silence between its points is \"no points in the file\" in show and on the page")
    func aForeignSilenceSaysOnlyThatTheFileHasNoPoints() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A point every 2 s, 10 m apart, then 3 minutes without one, in one <trkseg>.
        var gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
        for i in 0..<60 {
            let s = i < 30 ? 2 * i : 180 + 2 * i
            gpx += "<trkpt lat=\"\(47.0 + Double(i) * 0.00009)\" lon=\"8.0\"><ele>400</ele>"
                + "<time>2022-05-01T08:\(String(format: "%02d:%02d", s / 60, s % 60))Z</time></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>\n"
        let file = dir.appendingPathComponent("logger.gpx")
        try gpx.write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let run = try CLIRunner.run(["import", "--db", db, file.path])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try Self.figures(db).gapCauses == ["no points in the file"])
        let page = dir.appendingPathComponent("ride.html").path
        let view = try CLIRunner.run(["view", "--db", db, "--ride", "1", "--out", page])
        try #require(view.status == 0, "\(view.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("gap: no points in the file") && !html.contains("no fix"))
    }
}
