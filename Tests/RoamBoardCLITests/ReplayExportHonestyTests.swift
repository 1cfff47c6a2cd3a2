import Foundation
import RoamCore
import RoamStore
import RoamTestSupport
import Testing

/// A replayed track's exports carry no figure nobody measured (issue 26, P4): the bench replay's
/// GGA makes up 8 satellites and HDOP 1.0, and its barometer reads the track's elevation worked
/// back through the standard atmosphere. So its GPX and CSV leave out the satellites, the DOPs and
/// the pressure, and its FIT file lists no barometer and says in a developer field what is derived.
/// A hole in the replayed file is called what an import calls it. The bench ride, whose figures are
/// measured, keeps them all. Read back by gpxpy and Garmin's FIT SDK (Tests/Judges).
@Suite(.serialized, .needs(Judge.isAvailable, Judge.skipReason))
struct ReplayExportHonestyTests {
    /// Records the bench ride (`file` nil) or replays `file`, then dumps the ride as FIT, GPX and CSV.
    static func exports(replaying file: URL?, in dir: URL) throws -> (ride: Int64, fit: String, gpx: String, csv: String, show: String) {
        let db = dir.appendingPathComponent("rides.db").path
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"] + (file.map { ["--replay", $0.path] } ?? []))
        try #require(rec.status == 0, "\(rec.stderr)")
        let ride = try #require(try RideReader(path: db).rides().last).id
        var paths: [String: String] = [:]
        for format in ["fit", "gpx", "csv"] {
            let path = dir.appendingPathComponent("ride.\(format)").path
            let r = try CLIRunner.run(["dump", "--db", db, "--ride", String(ride), "--format", format, "-o", path])
            try #require(r.status == 0, "\(r.stderr)")
            paths[format] = path
        }
        let show = try CLIRunner.run(["show", "--db", db, "--ride", String(ride)])
        try #require(show.status == 0, "\(show.stderr)")
        return (ride, paths["fit"]!, paths["gpx"]!, paths["csv"]!, show.stdout)
    }

    /// The FIT SDK's verdict on one file.
    static func fitVerdict(_ path: String) throws -> [String: Any] {
        let v = try #require(try Judge.verdicts("fit_judge.py", [path])[path])
        #expect(v["integrity"] as? Bool == true && (v["errors"] as? [Any])?.isEmpty == true, "\(v)")
        return v
    }

    /// Whether the FIT file lists a barometer among its devices (local_device_type 4, however the SDK names it).
    static func listsBarometer(_ v: [String: Any]) -> Bool {
        ((v["devices"] as? [[String: Any]]) ?? []).contains { d in
            let type = d["device_type"].map { "\($0)" } ?? ""
            return type == "4" || type == "barometer"
        }
    }

    /// file_creator's developer fields by name, as the SDK decoded them.
    static func creatorFields(_ v: [String: Any]) -> [String: Any] {
        ((v["file_creator_developer_fields"] as? [[String: Any]]) ?? []).first ?? [:]
    }

    /// The values of one CSV column that are not empty (none of the replay's fields hold a comma).
    static func filled(_ column: String, _ csv: String) -> [Substring] {
        let rows = csv.split(separator: "\r\n")
        guard let header = rows.first, let i = header.split(separator: ",").firstIndex(of: Substring(column)) else { return [] }
        return rows.dropFirst().compactMap { row in
            let fields = row.split(separator: ",", omittingEmptySubsequences: false)
            return i < fields.count && !fields[i].isEmpty ? fields[i] : nil
        }
    }

    @Test func aReplayedTracksExportsCarryNoSatellitesDOPOrPressureAndItsFITNoBarometer() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let track = dir.appendingPathComponent("hole.gpx")
        // 1 Hz, a jump, and two minutes without a point (`ShowGapTests.gpx`).
        try ShowGapTests.gpx().write(to: track, atomically: true, encoding: .utf8)
        let out = try Self.exports(replaying: track, in: dir)

        let fit = try Self.fitVerdict(out.fit)
        #expect(!Self.listsBarometer(fit), "a replay's FIT lists a barometer: \(fit["devices"] ?? "")")
        let fields = Self.creatorFields(fit)
        #expect(fields[ExportedFixes.fitFieldName] as? String == "kept", "\(fields)")
        #expect(fields[UnmeasuredFigures.fitFieldName] as? String == "speed altitude", "\(fields)")

        let gpx = try String(contentsOfFile: out.gpx, encoding: .utf8)
        let read = try #require(try Judge.verdicts("gpx_judge.py", [out.gpx])[out.gpx]?["gpxpy"] as? [String: Any])
        #expect(read["points"] as? Int ?? 0 > 50 && read["has_elevation"] as? Bool == true, "\(read)")
        for made in ["<sat>", "<hdop>", "<vdop>", "<pdop>", "<roam:pressure_pa>"] {
            #expect(!gpx.contains(made), "the replay's GPX carries \(made)")
        }
        #expect(gpx.contains("Speed and course: derived from the track file&apos;s positions and times, not measured."), "\(gpx.prefix(900))")
        #expect(gpx.contains("No satellite count or DOP: the replay sent the track file&apos;s points, not a receiver&apos;s."), "\(gpx.prefix(900))")

        let csv = try String(contentsOfFile: out.csv, encoding: .utf8)
        #expect(Self.filled("lat_deg", csv).count > 50)
        for column in ["sats_used", "hdop", "vdop", "pdop", "pressure_pa", "temperature_c"] {
            #expect(Self.filled(column, csv).isEmpty, "the replay's CSV fills \(column): \(Self.filled(column, csv).prefix(3))")
        }
        #expect(Self.filled("baro_alt_m", csv).count > 50, "the track's elevation is kept")

        // Its FIT imported again: the mark beside roam_derived is still read (a silence there is points
        // the export left out, not "no points in the file", which an unmarked file gets).
        let again = dir.appendingPathComponent("again.db").path
        let imported = try CLIRunner.run(["import", "--db", again, out.fit])
        try #require(imported.status == 0, "\(imported.stderr)")
        let reimported = try #require(try RideReader(path: again).rides().first)
        #expect(reimported.parameters.silenceGapCause == .leftOutOfExport, "\(String(describing: reimported.parameters.silenceGapCause))")

        // The two minutes without a point: a hole in the file, as an import says it, not a receiver's loss of fix.
        #expect(out.show.contains("gap: no points in the file at 08:01:59, 121 s"), "\(out.show)")
        #expect(!out.show.contains("gap: no fix"), "\(out.show)")
    }

    /// The live recording's exports are what they were: satellites, DOP, pressure, the barometer.
    @Test func theBenchRidesExportsKeepWhatItMeasured() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.exports(replaying: nil, in: dir)
        let fit = try Self.fitVerdict(out.fit)
        #expect(Self.listsBarometer(fit), "\(fit["devices"] ?? "")")
        #expect(Self.creatorFields(fit)[UnmeasuredFigures.fitFieldName] == nil, "\(Self.creatorFields(fit))")
        let gpx = try String(contentsOfFile: out.gpx, encoding: .utf8)
        for measured in ["<sat>", "<hdop>", "<roam:pressure_pa>", "<roam:temperature_c>"] {
            #expect(gpx.contains(measured), "the bench ride's GPX lost \(measured)")
        }
        #expect(gpx.contains("<desc>Elevation: barometric (BMP280)"))
        let csv = try String(contentsOfFile: out.csv, encoding: .utf8)
        for column in ["sats_used", "hdop", "pressure_pa", "temperature_c"] {
            #expect(!Self.filled(column, csv).isEmpty, "the bench ride's CSV lost \(column)")
        }
    }
}
