import Foundation
import RoamCore
@testable import RoamStore
import Testing

/// P5/P6 for the rider: `show` says where the barometer gave no pressure, when, and why (the
/// recorder's `barometer-missing` event), so climb missing for a stretch is never unexplained.
@Suite struct ShowBarometerTests {
    static let cause = "the barometer did not answer: nothing answered on the bus (no acknowledge)"

    /// A ride of 60 s whose fixes 20…29 had no pressure with a recorded cause, and 50…51 without one.
    static func ride() throws -> (db: String, id: Int64) {
        var script = RideScript(lat: 47.9950, lon: 7.8420, startUTCms: DumpFixture.startUTCms, barometer: true)
        script.move(seconds: 60, speedMps: { _ in 6 }, bearingDeg: 35)
        let ride = try DumpFixture.oneRide(script, adjust: { fixes in
            // Fixes 20…29: the chip did not answer; 50…51: a stretch recorded before causes were.
            for i in Array(20...29) + [50, 51] {
                fixes[i].flags.insert(.barometerMissing)
                fixes[i].pressurePa = nil; fixes[i].temperatureC = nil; fixes[i].baroAltM = nil
            }
        }, events: { _ in [RideEvent(kind: .barometerMissing, monoNs: 20_500_000_000, detail: Self.cause, beforeSeq: 20),
                           RideEvent(kind: .barometerBack, monoNs: 30_500_000_000, beforeSeq: 30)] })
        return (ride.db, ride.id)
    }

    @Test func showNamesEachStretchWithoutPressureAndItsCause() throws {
        let (db, id) = try Self.ride()
        defer { DumpFixture.removeFolder(of: db) }
        let cause = Self.cause
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "\(id)"])
        #expect(show.status == 0, "\(show.stderr)")
        let lines = show.stdout.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("  barometer") }, "\(show.stdout)")
        #expect(lines[at] == "  barometer   2 stretches without pressure (no climb counted across them)")
        #expect(lines[at + 1].hasSuffix("fixes 20…29: " + cause), "\(lines[at + 1])")
        #expect(lines[at + 2].hasSuffix("fixes 50…51: cause not recorded"), "\(lines[at + 2])")
    }
}

extension ShowBarometerTests {
    /// The ride page lists them where it lists the gaps, with when, how long and why.
    @Test func thePageListsThemWithTheGaps() throws {
        let (db, id) = try Self.ride()
        defer { DumpFixture.removeFolder(of: db) }
        let view = try CLIRunner.run(["view", "--db", db, "--ride", "\(id)", "--out", "-"])
        #expect(view.status == 0, "\(view.stderr)")
        let rows = view.stdout.split(separator: "\n").filter { $0.hasPrefix("<tr class=\"barometer\">") }
        #expect(rows.count == 2, "\(rows)")
        #expect(rows.first?.contains("no barometer, no climb counted: " + Self.cause) == true, "\(rows)")
        #expect(rows.first?.contains("<td>9 s</td>") == true, "\(rows)")
        #expect(rows.last?.contains("cause not recorded") == true, "\(rows)")
    }
}
