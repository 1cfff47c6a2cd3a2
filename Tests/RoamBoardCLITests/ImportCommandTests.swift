import Foundation
import RoamTestSupport
import Testing

/// `roam-board import` end to end: real FIT rides through gpsbabel against the devices' own totals,
/// the listings and exports that name an import, a second import that does nothing, and bad input.
@Suite struct ImportCommandTests {
    static let rides = TrialPaths.repoRoot.appendingPathComponent("Tests/Data/rides")
    static var hasGPSBabel: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsbabel") }

    static func deviceTotals(_ file: String) throws -> (distanceM: Double, elapsedS: Double) {
        let data = try Data(contentsOf: rides.appendingPathComponent("device-totals.json"))
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let session = try #require((all[file] as? [String: Any])?["session"] as? [String: Any])
        return (try #require(session["total_distance"] as? Double), try #require(session["total_elapsed_time"] as? Double))
    }

    /// A TCX of a FIT ride, as gpsbabel writes it.
    static func tcx(of fit: String, in dir: URL) throws -> Data {
        let out = dir.appendingPathComponent("converted-\(UUID().uuidString).tcx")
        let babel = Process()
        babel.executableURL = URL(fileURLWithPath: "/usr/bin/gpsbabel")
        babel.arguments = ["-t", "-i", "garmin_fit", "-f", rides.appendingPathComponent(fit).path,
                           "-o", "gtrnctr,course=0,sport=Biking", "-F", out.path]
        try babel.run()
        babel.waitUntilExit()
        try #require(babel.terminationStatus == 0)
        defer { try? FileManager.default.removeItem(at: out) }
        return try Data(contentsOf: out)
    }

    static let fitKept = "; only positions, times, elevation and temperature are kept (not heart rate, cadence or power, if the file holds them)"

    static func gpx(_ points: Int, withTime: Bool = true) -> String {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
        for i in 0..<points {
            let time = withTime ? "<time>2022-05-01T08:\(String(format: "%02d", i / 30)):\(String(format: "%02d", i * 2 % 60))Z</time>" : ""
            s += "<trkpt lat=\"\(47.0 + Double(i) * 0.0001)\" lon=\"8.0\"><ele>400</ele>\(time)</trkpt>\n"
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    @Test("FIT rides via gpsbabel: distance and elapsed time near the device's own; rides, show and dump name the import; twice is a no-op",
          .needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
    func fitRidesImportOnceWithTheirOwnTotals() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let files = ["edge200-2015-10-13.fit", "edge810-2013-08-16.fit"].map { Self.rides.appendingPathComponent($0).path }
        let first = try CLIRunner.run(["import", "--db", db] + files)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("ride 1: imported from edge200-2015-10-13.fit (garmin edge200)"), "\(first.stdout)")
        #expect(first.stdout.contains("ride 2: imported from edge810-2013-08-16.fit (garmin edge810)"), "\(first.stdout)")
        #expect(first.stderr.contains("imported 2 of 2 files"), "\(first.stderr)")
        // gpsbabel's GPX drops the edge810's power (the FIT SDK reads it in every record): what a FIT file
        // held is not known here, so each FIT line says what is kept, not what gpsbabel passed on.
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasSuffix(Self.fitKept) }, "\(first.stdout)")

        for (id, file) in [(1, "edge200-2015-10-13.fit"), (2, "edge810-2013-08-16.fit")] {
            let device = try Self.deviceTotals(file)
            let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "\(id)", "--format", "gpx"])
            #expect(dump.status == 0, "\(dump.stderr)")
            #expect(dump.stderr.contains("was imported from \(file)") && dump.stderr.contains("no raw NMEA"), "\(dump.stderr)")
            #expect(dump.stdout.contains("<roam:imported>imported from \(file)"), "dump's GPX metadata")
            let totals = try #require(dump.stdout.firstRange(of: "<roam:totals")).upperBound
            let tag = String(dump.stdout[totals...].prefix { $0 != "/" })
            func value(_ name: String) -> Double? {
                guard let r = tag.firstRange(of: " \(name)=\"") else { return nil }
                return Double(tag[r.upperBound...].prefix { $0 != "\"" })
            }
            let distance = try #require(value("distance_m")), elapsed = try #require(value("elapsed_s"))
            #expect(abs(distance - device.distanceM) / device.distanceM < 0.03, "\(file): \(distance) m, the device said \(device.distanceM) m")
            #expect(abs(elapsed - device.elapsedS) < max(60, device.elapsedS * 0.02), "\(file): \(elapsed) s, the device said \(device.elapsedS) s")
            let show = try CLIRunner.run(["show", "--db", db, "--ride", "\(id)"])
            #expect(show.stdout.contains("source      imported from \(file)"), "\(show.stdout)")
            // Its speed and climb are the file's, never this board's receiver or barometer (P4).
            #expect(show.stdout.contains("m (the track file's elevation, not the board's barometer)"), "\(show.stdout)")
            #expect(show.stdout.contains("km/h (derived from the track file's positions and times, not measured)"), "\(show.stdout)")
            let csv = try CLIRunner.run(["dump", "--db", db, "--ride", "\(id)", "--format", "csv", "--raw"])
            #expect(!csv.stdout.contains("$GP"), "an imported ride carries no invented NMEA")
        }
        let page = dir.appendingPathComponent("ride-2.html").path
        let view = try CLIRunner.run(["view", "--db", db, "--ride", "2", "-o", page])
        #expect(view.status == 0, "\(view.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("Not recorded by this board: imported from edge810-2013-08-16.fit"))
        let explorePage = dir.appendingPathComponent("explored.html").path
        #expect(try CLIRunner.run(["view", "--explored", "--db", db, "-o", explorePage]).status == 0)
        let listed = try CLIRunner.run(["rides", "--db", db])
        #expect(listed.stdout.contains("imported from edge810-2013-08-16.fit (garmin edge810)"), "\(listed.stdout)")
        let explored = try CLIRunner.run(["explored", "--summary", "--db", db])
        #expect(explored.status == 0 && explored.stdout.contains("(2 rides)"), "\(explored.stdout)\(explored.stderr)")
        let tiles = try CLIRunner.run(["explored", "--tiles", "--summary", "--db", db])
        #expect(tiles.status == 0 && tiles.stdout.contains("(2 rides)"), "\(tiles.stdout)\(tiles.stderr)")
        // Both rides lit explorer tiles of their own (a line per ride, with new zoom-14 tiles).
        let perRide = tiles.stdout.split(separator: "\n").filter { $0.hasPrefix("1 ") || $0.hasPrefix("2 ") }
        #expect(perRide.count == 2 && perRide.allSatisfy { $0.split(separator: " ").count > 2 && $0.split(separator: " ")[1] != "0" },
                "\(tiles.stdout)")

        let again = try CLIRunner.run(["import", "--db", db, files[1]])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("already imported as ride 2; nothing done"), "\(again.stdout)")
        #expect(try CLIRunner.run(["rides", "--db", db, "--last-id"]).stdout == "2\n")
        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 0, "an imported ride's totals are what its fixes imply: \(check.stdout)\(check.stderr)")
    }

    @Test("TCX via gpsbabel: the Creator's name and the ride's distance come through",
          .needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
    func tcxRideImports() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // GPSBabel writes history (course=0) but no Creator; a device does, inside the Activity.
        let text = String(decoding: try Self.tcx(of: "edge200-2015-10-13.fit", in: dir), as: UTF8.self)
            .replacingOccurrences(of: "</Activity>", with: "<Creator xsi:type=\"Device_t\"><Name>Edge 200</Name></Creator></Activity>")
        let tcx = dir.appendingPathComponent("e200.tcx")
        try Data(text.utf8).write(to: tcx)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db, tcx.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("ride 1: imported from e200.tcx (Edge 200), 11.5"), "\(r.stdout)")
    }

    @Test("A folder: bad files named and skipped, the rest imported in name order, exit 65",
          .needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
    func badFilesAreNamedAndSkipped() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fit = try Data(contentsOf: Self.rides.appendingPathComponent("edge200-2015-10-13.fit"))
        var corrupt = fit
        corrupt.replaceSubrange(200..<400, with: Data(repeating: 0xA5, count: 200))
        let files: [(String, Data)] = [
            ("a-good.gpx", Data(Self.gpx(40).utf8)), ("b-empty.fit", Data()), ("c-cut.fit", fit.prefix(3000)),
            ("d-corrupt.fit", corrupt), ("e-cut.gpx", Data(Self.gpx(40).utf8.prefix(400))), ("f-empty.tcx", Data()),
            ("g-broken.tcx", Data("<?xml version=\"1.0\"?><TrainingCenterDatabase><Activities><Act".utf8)),
            ("h-notime.gpx", Data(Self.gpx(5, withTime: false).utf8)), ("i-nopos.gpx", Data(Self.gpx(0).utf8)),
            ("j-good.fit", fit), ("notes.txt", Data("not a ride".utf8)),
        ]
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db, folder.path])
        #expect(r.status == 65, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("ride 1: imported from a-good.gpx (Test Logger)"), "\(r.stdout)")
        #expect(r.stdout.contains("ride 2: imported from j-good.fit (garmin edge200)"), "\(r.stdout)")
        for name in ["b-empty.fit", "c-cut.fit", "d-corrupt.fit", "e-cut.gpx", "f-empty.tcx", "g-broken.tcx"] {
            #expect(r.stderr.contains("skipped \(folder.path)/\(name)"), "\(name): \(r.stderr)")
        }
        #expect(r.stderr.contains("h-notime.gpx has no timestamps"), "\(r.stderr)")
        #expect(r.stderr.contains("i-nopos.gpx holds no ride: the track is empty"), "\(r.stderr)")
        #expect(!r.stderr.contains("notes.txt"), "only .gpx, .fit and .tcx files of a folder are imported")
        #expect(r.stderr.contains("imported 2 of 10 files (8 failed)"), "\(r.stderr)")
        #expect(try CLIRunner.run(["rides", "--db", db, "--last-id"]).stdout == "2\n")
    }

    @Test("gpsbabel missing: one line naming the package, exit 1; GPX still imported")
    func missingGPSBabelNamesThePackage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpx = dir.appendingPathComponent("ride.gpx")
        try Data(Self.gpx(30).utf8).write(to: gpx)
        let fits = ["edge200-2015-10-13.fit", "edge810-2013-08-16.fit"].map { Self.rides.appendingPathComponent($0).path }
        let empty = dir.appendingPathComponent("no-tools")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db, gpx.path] + fits, environment: ["PATH": empty.path])
        #expect(r.status == 1, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("gpsbabel") }
        #expect(lines.count == 1 && lines[0].contains("apt install gpsbabel"), "\(r.stderr)")
        #expect(r.stdout.contains("ride 1: imported from ride.gpx (Test Logger)"), "\(r.stdout)")
    }

    /// `import nonexist.fit` said the file does not exist and exited 65, as for a damaged file; and a
    /// file with no <gpx> was told to go "through gpsbabel first", which import does itself.
    @Test("A named file that is not there exits 66, as record --replay's; a file that is no ride 65, and both 65")
    func eachCauseExitsWithItsStatus() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let missing = dir.appendingPathComponent("nonexist.fit").path
        let junk = dir.appendingPathComponent("junk.gpx")
        try Data("no ride here\n".utf8).write(to: junk)
        let gone = try CLIRunner.run(["import", "--db", db, missing])
        #expect(gone.status == 66 && gone.stderr.contains("nonexist.fit does not exist"), "exit \(gone.status): \(gone.stderr)")
        let bad = try CLIRunner.run(["import", "--db", db, junk.path])
        #expect(bad.status == 65, "exit \(bad.status): \(bad.stderr)")
        #expect(bad.stderr.contains("junk.gpx is not a GPX file (no <gpx> element), nor a FIT or TCX file by its first bytes")
                && !bad.stderr.contains("gpsbabel"), "\(bad.stderr)")
        let both = try CLIRunner.run(["import", "--db", db, missing, junk.path])
        #expect(both.status == 65, "the data's status first: exit \(both.status): \(both.stderr)")
    }

    @Test("A folder with nothing importable, and no file at all, are said")
    func nothingToImportIsSaid() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("readme.txt"))
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db, dir.path])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("holds no .gpx, .fit or .tcx file: nothing to import"), "\(r.stderr)")
        let none = try CLIRunner.run(["import", "--db", db])
        #expect(none.status == 64, "\(none.stderr)")
        #expect(none.stderr.contains("name at least one GPX, FIT or TCX file"), "\(none.stderr)")
    }
}

/// What a file holds that a ride here does not keep is said once, in the file's summary line.
@Suite struct ImportNotKeptTests {
    @Test func heartRateAndCadenceInTheFileAreSaidNotKept() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sensors = dir.appendingPathComponent("sensors.gpx"), plain = dir.appendingPathComponent("plain.gpx")
        // Garmin's TrackPointExtension, as devices and gpsbabel's garminextensions write it.
        let ext = "<extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>21</gpxtpx:atemp><gpxtpx:hr>131</gpxtpx:hr>"
            + "<gpxtpx:cad>84</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>"
        let text = ImportCommandTests.gpx(30).replacingOccurrences(of: "</trkpt>", with: ext)
        try Data(text.utf8).write(to: sensors)
        try Data(ImportCommandTests.gpx(30).replacingOccurrences(of: "2022-05-01", with: "2022-05-02").utf8).write(to: plain)
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db, sensors.path, plain.path])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasSuffix("; heart rate and cadence in the file are not kept"), "\(r.stdout)")
        #expect(lines.count == 2 && lines[1].hasPrefix("ride 2:") && !lines[1].contains("not kept"), "\(r.stdout)")
    }
}

/// `import`'s lines follow `--units` and board.conf's `units`, as `show` and `rides` do.
@Suite struct ImportUnitsTests {
    @Test func theLineFollowsTheOptionThenTheBoard() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ride = dir.appendingPathComponent("ride.gpx")
        try Data(ImportCommandTests.gpx(30).utf8).write(to: ride)
        let board = try DriveBoardSettingsTests.board(in: dir, "units = imperial\n")
        func distance(_ arguments: [String], _ unit: String) throws -> Double {
            let r = try CLIRunner.run(["import"] + arguments + [ride.path])
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            let words = r.stdout.split(separator: " ")
            let at = try #require(words.firstIndex { $0 == unit + "," }, "\(arguments): \(r.stdout)")
            return try #require(Double(words[at - 1]), "\(r.stdout)")
        }
        let km = try distance(["--db", dir.appendingPathComponent("metric.db").path], "km")
        #expect(km > 0.3, "the ride's 29 steps of 11 m")
        let mi = try distance(["--db", dir.appendingPathComponent("imperial.db").path, "--units", "imperial"], "mi")
        #expect(abs(mi * 1.609344 - km) < 0.015, "\(mi) mi is \(km) km (each to 0.005)")
        #expect(try distance(["--board", board.path], "mi") == mi, "board.conf's units")
        #expect(try distance(["--board", board.path, "--db", dir.appendingPathComponent("other.db").path, "--units", "metric"], "km") == km,
                "the option wins over board.conf")
    }
}
