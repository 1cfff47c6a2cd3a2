import Foundation
import RoamCore
import RoamStore
import Testing
@testable import RoamImport
import RoamGPX

/// P4 for imports: a point the file gave no elevation or temperature stores none (no held value, no
/// later one carried back), and the climb counted from the elevations the file does hold is the
/// same as if the points without one were not there.
@Suite struct MissingFiguresImportTests {
    /// `count` points 2 s and about 11 m apart; `ele(i)` and `atemp(i)` say what point i carries.
    static func gpx(_ count: Int, ele: (Int) -> Double?, atemp: (Int) -> Double? = { _ in nil }, keep: (Int) -> Bool = { _ in true }) -> String {
        let points = (0..<count).filter(keep).map { i in
            let t = 2 * i
            let time = "2024-06-01T10:" + (t / 60 < 10 ? "0" : "") + "\(t / 60):" + (t % 60 < 10 ? "0" : "") + "\(t % 60)Z"
            let temperature = atemp(i).map { "<extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>\($0)</gpxtpx:atemp>"
                + "</gpxtpx:TrackPointExtension></extensions>" } ?? ""
            return "<trkpt lat=\"\(48.0 + Double(i) * 0.0001)\" lon=\"11.0\">" + (ele(i).map { "<ele>\($0)</ele>" } ?? "")
                + "<time>\(time)</time>\(temperature)</trkpt>"
        }
        return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Edge\" xmlns:gpxtpx="
            + "\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"><trk><trkseg>\n"
            + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n"
    }

    /// Imports `text` into a fresh database: the ride's totals and its fixes as stored; `stretches`,
    /// what `show` and the ride page list as stretches without pressure, named by the ride's events.
    static func imported(_ text: String) throws -> (RideTotals, [FixRecord], stretches: [BarometerStretches.Stretch]) {
        let folder = try ImportUnitTests.Folder()
        let (outcome, reader) = try GPXShapesImportTests.importing(text, in: folder)
        guard case .imported(let id, let totals) = try outcome.get().outcome else { throw NotImported() }
        var fixes: [FixRecord] = []
        try reader.forEachFix(ride: id) { fixes.append($0) }
        var stretches = BarometerStretches(altitudeSource: try #require(try reader.ride(id: id)).parameters.altitudeSource)
        for fix in fixes { stretches.add(seq: fix.seq, utcMs: fix.utcMs, flags: fix.flags) }
        return (totals, fixes, try stretches.named(by: reader.events(ride: id)))
    }

    struct NotImported: Error {}

    /// Up 1 m a point for 45 points, then down again: the elevation the device recorded.
    static func hill(_ i: Int) -> Double { 500 + Double(min(i, 90 - i)) }

    @Test("<ele> on every third point: the others store no pressure and are flagged, and the climb is that of the points with <ele>")
    func elevationOnEveryThirdPoint() throws {
        let hasEle = { (i: Int) in i % 3 == 2 }
        let (totals, fixes, stretches) = try Self.imported(Self.gpx(90, ele: { hasEle($0) ? Self.hill($0) : nil }))
        #expect(fixes.count == 90)
        for (i, fix) in fixes.enumerated() where !hasEle(i) {
            // Points 0 and 1 come before the first <ele>: no later elevation is carried back to them.
            #expect(fix.pressurePa == nil && fix.baroAltM == nil && fix.flags.contains(.barometerMissing), "point \(i): \(String(describing: fix.pressurePa)), \(fix.flags)")
        }
        #expect(fixes.enumerated().allSatisfy { hasEle($0.offset) == ($0.element.pressurePa != nil) })
        #expect(stretches.count == 0, "no stretch is said to be without pressure, no climb counted across it")
        let (only, onlyFixes, _) = try Self.imported(Self.gpx(90, ele: Self.hill, keep: hasEle))
        #expect(onlyFixes.count == 30 && onlyFixes.allSatisfy { $0.pressurePa != nil })
        let ascent = try #require(totals.ascentM), descent = try #require(totals.descentM)
        #expect(ascent > 30, "the hill's climb is counted across the points without <ele>: \(totals)")
        #expect(abs(ascent - (only.ascentM ?? 0)) < 0.01 && abs(descent - (only.descentM ?? 0)) < 0.01, "\(totals) vs \(only)")
    }

    @Test("atemp on some points: the others store no temperature, not the last one measured")
    func temperatureOnSomePoints() throws {
        let (_, fixes, _) = try Self.imported(Self.gpx(20, ele: { _ in 500 }, atemp: { $0 % 4 == 1 ? 21.5 : nil }))
        #expect(fixes.count == 20)
        for (i, fix) in fixes.enumerated() {
            #expect(fix.temperatureC == (i % 4 == 1 ? 21.5 : nil), "point \(i): \(String(describing: fix.temperatureC))")
        }
    }

    @Test("Heart rate, cadence and power in a file are named, in that order, whatever their extension's prefix; nothing else is")
    func unkeptFiguresAreNamed() throws {
        func point(_ second: Int, _ extensions: String) -> String {
            "<trkpt lat=\"48.0\" lon=\"11.0\"><time>2024-06-01T10:00:0\(second)Z</time><extensions>\(extensions)</extensions></trkpt>"
        }
        func unkept(_ points: String) throws -> [GPXTrack.UnkeptFigure] {
            try GPXTrack(parsing: GPXShapesImportTests.head + "<trk><trkseg>" + points + "</trkseg></trk></gpx>").unkept
        }
        // Power on one point only (a bare <power>, as other exporters write it), cadence under another prefix.
        #expect(try unkept(point(0, "<power>250</power>") + point(2, "<ns3:TrackPointExtension><ns3:cad>80</ns3:cad></ns3:TrackPointExtension>"))
                == [.cadence, .power])
        #expect(try unkept(point(0, "<pwr:PowerInWatts>180</pwr:PowerInWatts><gpxtpx:hr>120</gpxtpx:hr>")) == [.heartRate, .power])
        // An element whose name merely ends in "hr", and an air temperature alone, are not heart rate.
        #expect(try unkept(point(0, "<x:thr>5</x:thr><gpxtpx:atemp>20</gpxtpx:atemp>") + point(2, "")) == [])
        #expect(Plural.series(["heart rate", "cadence", "power"]) == "heart rate, cadence and power")
    }
}
