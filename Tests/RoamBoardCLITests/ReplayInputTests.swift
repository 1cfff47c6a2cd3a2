import Foundation
import RoamCore
import RoamSimulator
import RoamStore
import RoamTestSupport
import Testing

/// `record --replay` of a file it cannot replay: one line naming the file and what is wrong,
/// exit 65, and nothing recorded half (no database, so no ride row, is left behind).
@Suite("record --replay: bad tracks are refused whole")
struct ReplayInputTests {
    static func gpx(_ points: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        \(points)
        </trkseg></trk></gpx>
        """
    }

    static func point(_ lat: String, _ time: String?) -> String {
        "<trkpt lat=\"\(lat)\" lon=\"7.85\"><ele>280.0</ele>" + (time.map { "<time>\($0)</time>" } ?? "") + "</trkpt>"
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String, content: [UInt8], says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no times", content: Array(gpx(point("48.0", nil) + point("48.001", nil)).utf8), says: "none of its 2 points has a <time>"),
        Case(name: "time backwards", content: Array(gpx(point("48.0", "2024-05-01T10:00:05Z") + point("48.001", "2024-05-01T10:00:01Z")).utf8),
             says: "goes backwards"),
        Case(name: "lat 91", content: Array(gpx(point("48.0", "2024-05-01T10:00:00Z") + point("91", "2024-05-01T10:00:01Z")).utf8),
             says: "point 2: lat 91.0"),
        Case(name: "empty track", content: Array(gpx("").utf8), says: "the track is empty"),
        // A FIT file header: size 14, protocol 0x10, profile, data size, ".FIT".
        Case(name: "a FIT file", content: [14, 0x10, 0x5C, 0x08, 0, 0, 0, 0] + Array(".FIT".utf8) + [0, 0], says: "gpsbabel -i garmin_fit"),
        Case(name: "an empty file", content: [], says: "is empty: nothing to replay"),
        // XML with no <gpx>: a TCX ride, which the replay does not read (import does).
        Case(name: "a TCX file", content: Array("<?xml version=\"1.0\"?>\n<TrainingCenterDatabase></TrainingCenterDatabase>\n".utf8),
             says: "not a GPX file (no <gpx> element); replay takes GPX or NMEA: a TCX or FIT ride goes through gpsbabel first"),
        // Sentence-shaped but never checksummed right: read as NMEA, it would start an empty ride.
        Case(name: "junk text", content: Array("hello\n$GPRMC,no checksum\n$GPGGA,1,2,3*00\nnot a ride\n".utf8),
             says: "holds no checksummed NMEA sentence"),
        // Stop 54: a receiver's satellites and texts, no position: the replay started a ride and left it empty.
        Case(name: "a capture without a position sentence", content: Array(noPositionCapture.utf8),
             says: "holds 4 checksummed NMEA sentences (GSA, GSV, TXT) but no position sentence (RMC, GGA, GLL or GNS): "
                + "a replay needs a receiver's positions to record a ride; nothing was recorded"),
        // A receiver before its first fix, whatever its GSA says: its ride would hold no position.
        Case(name: "a capture that never had a fix", content: Array(neverFixedCapture.utf8),
             says: "never had a fix: each of its 4 position sentences says the receiver had none yet (RMC status V, GGA quality 0): "
                + "a replay needs at least one fix to record a ride; nothing was recorded"),
    ]

    static func sealed(_ lines: [String]) -> String { lines.map { NMEAChecksum.seal($0) + "\r\n" }.joined() }

    static let noPositionCapture = sealed(["$GPTXT,01,01,02,u-blox ag - www.u-blox.com", "$GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99",
                                           "$GPGSV,1,1,02,14,65,034,00,01,55,291,43", "$GPGSV,1,1,02,14,65,034,00,01,55,291,42"])

    static let neverFixedCapture = sealed(["$GPRMC,012519.00,V,4131.7353,N,09336.8150,W,0.00,,050405,,,N",
                                           "$GPGGA,012519.00,4131.7353,N,09336.8150,W,0,00,50.0,280.2,M,-31.6,M,,",
                                           "$GPGSA,A,3,14,01,25,22,,,,,,,,,2.0,1.0,1.7",
                                           "$GPRMC,012520.00,V,,,,,,,050405,,,N", "$GPGGA,012520.00,,,,,0,00,,,M,,M,,"])

    @Test("refused with exit 65, the file named, no ride recorded", arguments: cases)
    func badTrackIsRefused(_ c: Case) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ride.gpx")
        try Data(c.content).write(to: file)
        let db = dir.appendingPathComponent("data/rides.db")
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db.path, "--replay", file.path, "--quiet"])
        #expect(r.status == 65, "exit \(r.status): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && r.stderr.contains(file.path) && r.stderr.contains(c.says), "said: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db.path), "a database was created for a refused replay")
    }

    /// Issue 26: the refusal's command lacked `garminextensions`, and the GPX it made held no `atemp`:
    /// followed as said, the replay's temperature was the standard atmosphere's, not the device's.
    @Test("a FIT ride's refusal names a conversion that, run as said, keeps the device's temperature",
          .needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
    func theFITConversionKeepsTheMeasuredTemperature() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fit = dir.appendingPathComponent("ride.fit")
        try FileManager.default.copyItem(at: CLIRunner.repoRoot.appendingPathComponent("Tests/Data/rides/edge530-2022-11-26.fit"), to: fit)
        let db = dir.appendingPathComponent("rides.db").path
        let refused = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", fit.path, "--quiet"])
        #expect(refused.status == 65, "\(refused.stderr)")
        let advice = try #require(refused.stderr.components(separatedBy: "Convert it first: ").last)
        let said = try #require(advice.split(separator: "\n").first)
        let words = said.split(separator: " ").map(String.init)
        try #require(words.first == "gpsbabel" && words.contains(fit.path), "\(said)")
        let converted = try CLIRunner.run(Array(words.dropFirst()), cwd: dir, executable: URL(fileURLWithPath: "/usr/bin/gpsbabel"))
        try #require(converted.status == 0, "\(said): \(converted.stderr)")
        let gpx = try String(contentsOf: dir.appendingPathComponent(try #require(words.last)), encoding: .utf8)
        let measured = gpx.components(separatedBy: "<gpxtpx:atemp>").dropFirst().compactMap { Double($0.prefix { $0 != "<" }) }
        #expect(measured.count == 1235, "the GPX holds \(measured.count) measured temperatures for 1235 points")

        let replay = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", dir.appendingPathComponent(words.last!).path, "--quiet"])
        try #require(replay.status == 0, "\(replay.stderr)")
        let reader = try RideReader(path: db)
        let ride = try #require(try reader.rides().first)
        #expect(ride.parameters.temperatureMeasured, "the replay took its temperature for unmeasured")
        var stored: [Double] = []
        try reader.forEachFix(ride: ride.id) { fix in if let t = fix.temperatureC { stored.append(t) } }
        // The fake BMP280's registers round to its 0.01 °C steps.
        #expect(abs((stored.min() ?? 0) - (measured.min() ?? 99)) < 0.02 && abs((stored.max() ?? 0) - (measured.max() ?? 99)) < 0.02,
                "stored \(stored.min() ?? 0)–\(stored.max() ?? 0) °C, the device measured \(measured.min() ?? 0)–\(measured.max() ?? 0) °C")
    }

    @Test("a good track with irregular times records one ride with no gap")
    func irregularLoggerRhythmIsNotAGap() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 15 points 1–20 s apart, 5 m/s northwards: a logger's smart recording, never silent for long.
        var points = "", t = 0, lat = 48.0
        for i in 0..<15 {
            let dt = [1, 7, 20, 3, 12][i % 5]
            t += dt; lat += 5.0 * Double(dt) / 111_195
            points += Self.point(String(format: "%.7f", lat), String(format: "2024-05-01T10:%02d:%02dZ", t / 60, t % 60))
        }
        let file = dir.appendingPathComponent("ride.gpx")
        try Self.gpx(points).write(to: file, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", file.path, "--quiet"])
        try #require(r.status == 0, "record failed: \(r.stderr)")
        let rides = try CLIRunner.run(["rides", "--db", db])
        // The ride's row, not the footnote under it that marks a replayed track's climb.
        let row = try #require(rides.stdout.split(separator: "\n").last { !$0.hasPrefix("*") }.map(String.init))
        #expect(row.hasSuffix(" 15     0"), "want 15 fixes and no gap: \(row)")
    }

    /// The bench waits while the recorder's queue is long; paused inside an epoch, the recorder
    /// closed it half read and stored the rest as a second epoch of the same time.
    @Test("a capture replayed faster than a 2 s cadence commits it stores every epoch once, none cut in two")
    func fastReplayAtACadenceCutsNoEpoch() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let epochs = RideSimulation().epochs(perSecond: 10).prefix(3000)
        let file = dir.appendingPathComponent("ten-hz.nmea")
        try Data(epochs.flatMap(\.nmea)).write(to: file)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", file.path, "--commit-interval", "2", "--quiet"])
        try #require(r.status == 0, "record failed: \(r.stderr)")
        let reader = try RideReader(path: db)
        let ride = try #require(try reader.rides().first)
        var times: [Int64] = [], repeated = 0
        try reader.forEachFix(ride: ride.id) { fix in
            times.append(fix.epoch.utcMs ?? -1)
            if fix.flags.contains(.repeatedTime) { repeated += 1 }
        }
        #expect(times == epochs.map(\.utcMs), "\(times.count) fixes for \(epochs.count) epochs")
        #expect(repeated == 0)
    }

    @Test("--replay DB --ride N replays the stored raw NMEA and pressure: the same ride again")
    func storedRideReplaysToTheSameTotals() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = dir.appendingPathComponent("board.db").path, copy = dir.appendingPathComponent("bench.db").path
        try #require(try CLIRunner.run(["record", "--board", "Boards/bench", "--db", original, "--quiet"]).status == 0)
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", copy, "--replay", original, "--ride", "1", "--quiet"])
        try #require(r.status == 0, "replay failed: \(r.stderr)")
        let a = try #require(try RideReader(path: original).ride(id: 1)).totals
        let b = try #require(try RideReader(path: copy).ride(id: 1)).totals
        #expect(a.fixCount == b.fixCount && a.gapCount == b.gapCount && a.bridgedGaps == b.bridgedGaps)
        #expect(abs(a.distanceM - b.distanceM) < 0.01 && abs(a.bridgedM - b.bridgedM) < 0.01)
        // The pressure goes back through the fake BMP280's registers: equal within its 0.09 Pa steps.
        #expect(abs((a.ascentM ?? -1) - (b.ascentM ?? 1)) < 0.1 && abs((a.descentM ?? -1) - (b.descentM ?? 1)) < 0.1)
        let missing = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", copy, "--replay", original, "--ride", "9"])
        #expect(missing.status == 65 && missing.stderr.contains("no ride 9 in \(original) (see 'roam-board rides --db \(original)')"), "\(missing.stderr)")
    }

    /// gpsd's Holux GM-210 capture is a receiver before its first fix from its first line to its last.
    @Test func aRealCaptureThatNeverFixedIsRefusedAndNoRideIsLeft() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let capture = CLIRunner.repoRoot.appendingPathComponent("Tests/Data/gpsd/holux-gm-210.log").standardizedFileURL.path
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", capture, "--quiet"])
        #expect(r.status == 65, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("\(capture) never had a fix: each of its 22 position sentences says the receiver had none yet"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "a database was created for a refused replay")
    }

    /// `--no-ride` plays a capture with no ride to leave empty: a board switched on before its first
    /// fix (scripts/bench-peer's idle-nofix) is what it measures.
    @Test func aCaptureWithoutAFixPlaysWithNoRide() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("nofix.nmea")
        try Data(Self.neverFixedCapture.utf8).write(to: file)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", file.path, "--no-ride", "--quiet"])
        #expect(r.status == 0, "exit \(r.status): \(r.stderr)")
        #expect(try RideReader(path: db).rides().isEmpty)
    }
}
