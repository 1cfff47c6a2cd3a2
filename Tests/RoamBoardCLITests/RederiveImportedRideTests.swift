import Foundation
import RoamCore
import RoamStore
import Testing

/// `rederive --params FILE` on an imported ride: the file changes only the parameters it names,
/// over the ride's stored ones. Before, it replaced them over the defaults, so an imported ride
/// lost what its import set (`silenceGapCause`, `speedMeasured`, `altitudeSource`,
/// `temperatureMeasured`): its silence became "no fix", its elevation a barometer's; and naming
/// `silenceGapCause` was refused as an unknown parameter, since the defaults leave it out.
@Suite struct RederiveImportedRideTests {
    /// A 1 Hz track north at about 5.5 m/s, its elevation a wave of 12 m every 40 s (a 3 m hysteresis
    /// counts each wave, a 20 m one none), with no point for two minutes after 08:01:59.
    static func gpx() -> String {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
        for t in Array(0..<120) + Array(240..<360) {
            let lat = 47 + Double(t) * 5e-5
            let ele = 400 + 6 * sin(2 * Double.pi * Double(t) / 40)
            s += "<trkpt lat=\"\(lat)\" lon=\"8.0\"><ele>\(String(format: "%.2f", ele))</ele><time>2022-05-01T08:0\(t / 60):"
                + String(format: "%02d", t % 60) + "Z</time></trkpt>\n"
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    struct Imported {
        var dir: URL, db: String
        func rederive(_ json: String) throws -> CLIRunner.Result {
            let file = dir.appendingPathComponent("p.json")
            try Data(json.utf8).write(to: file)
            return try CLIRunner.run(["rederive", "--db", db, "--ride", "1", "--params", file.path])
        }
        func gapLines() throws -> [String] {
            let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
            return show.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("gap:") }
        }
        func row() throws -> RideRow { try #require(try RideReader(path: db).ride(id: 1)) }
    }

    static func imported() throws -> Imported {
        let dir = try CLIRunner.temporaryDirectory()
        let db = dir.appendingPathComponent("rides.db").path, track = dir.appendingPathComponent("waves.gpx")
        try gpx().write(to: track, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["import", "--db", db, track.path])
        try #require(r.status == 0, "import: \(r.stderr)")
        return Imported(dir: dir, db: db)
    }

    @Test func aParametersFileChangesTheClimbAndKeepsWhatTheImportSet() throws {
        let f = try Self.imported()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let gap = "gap: no points in the file at 08:01:59, 121 s"
        let gapsImported = try f.gapLines()
        #expect(gapsImported == [gap])
        let before = try f.row()
        #expect(before.parameters.silenceGapCause == .noPointsInFile && !before.parameters.speedMeasured
                && before.parameters.altitudeSource == .trackElevation && !before.parameters.temperatureMeasured)
        let ascentBefore = try #require(before.totals.ascentM)
        #expect(ascentBefore > 50, "the waves were not counted: \(ascentBefore) m")

        let r = try f.rederive(#"{"climbHysteresisM": 20}"#)
        #expect(r.status == 0, "\(r.stderr)")
        let after = try f.row()
        var expected = before.parameters
        expected.climbHysteresisM = 20
        #expect(after.parameters == expected, "only climbHysteresisM changes: \(after.parameters)")
        let ascentAfter = try #require(after.totals.ascentM)
        #expect(ascentAfter < ascentBefore - 50, "ascent \(ascentBefore) m -> \(ascentAfter) m")
        let gapsAfter = try f.gapLines()
        #expect(gapsAfter == [gap], "the import's cause was lost")
        let check = try CLIRunner.run(["check", "--db", f.db])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func anOptionalParameterIsAKnownKey() throws {
        let f = try Self.imported()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let unknown = try f.rederive(#"{"silenceGapCuase": "no fix"}"#)
        #expect(unknown.status == 65 && unknown.stderr.contains("unknown parameter 'silenceGapCuase'")
                && unknown.stderr.contains(", silenceGapCause, "), "\(unknown.stderr)")
        let named = try f.rederive(#"{"silenceGapCause": "no fix"}"#)
        #expect(named.status == 0, "\(named.stderr)")
        let gapsNamed = try f.gapLines()
        #expect(gapsNamed == ["gap: no fix at 08:01:59, 121 s"])
        let again = try f.rederive(#"{"silenceGapCause": "no points in the file"}"#)
        #expect(again.status == 0, "\(again.stderr)")
        let gapsAgain = try f.gapLines()
        #expect(gapsAgain == ["gap: no points in the file at 08:01:59, 121 s"])
        let row = try f.row()
        #expect(row.parameters.silenceGapCause == .noPointsInFile && row.parameters.altitudeSource == .trackElevation)
    }
}
