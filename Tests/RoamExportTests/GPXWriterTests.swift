import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import RoamCore
@testable import RoamExport

@Suite struct GPXWriterTests {
    private func fix(seq: Int64, segment: Int, lat: Double, lon: Double, flags: FixFlags = []) -> FixRecord {
        var e = Epoch()
        e.latDeg = lat; e.lonDeg = lon; e.fixMode = .fix3D; e.timeOfDayMs = 36_000_000 + Int(seq) * 1000
        e.date = UTCDate(year: 2026, month: 6, day: 14); e.speedMps = 5.25; e.hdop = 0.9; e.satellitesUsed = 11
        return FixRecord(rideID: 1, seq: seq, monoNs: UInt64(seq) * 1_000_000_000, epoch: e, pressurePa: 95000.5,
                         temperatureC: 20.25, utcMs: e.utcMs, timeSource: .gnss, flags: flags, segment: segment,
                         baroAltM: 540.125)
    }

    private func export(_ fixes: [FixRecord], includeFlagged: Bool = false) throws -> String {
        var w = GPXWriter(sink: MemorySink(), includeFlagged: includeFlagged)
        try w.begin(RideSummary(id: 1, startedUTCms: fixes.first?.utcMs, endedUTCms: nil, totals: RideTotals(),
                                parametersJSON: "{\"gapAfterS\":5,\"note\":\"<&>\"}"))
        for f in fixes { try w.write(f) }
        try w.end()
        return w.sink.text
    }

    @Test func oneTrackSegmentPerSegmentSoGapsStayGaps() throws {
        let xml = try export([fix(seq: 0, segment: 0, lat: 45.1, lon: 5.7), fix(seq: 1, segment: 0, lat: 45.1001, lon: 5.7),
                              fix(seq: 2, segment: 1, lat: 45.2, lon: 5.8)])
        let doc = try XMLDocument(xmlString: xml)
        #expect(try doc.nodes(forXPath: "//*[local-name()='trkseg']").count == 2)
        #expect(try doc.nodes(forXPath: "//*[local-name()='trkpt']").count == 3)
        #expect(xml.contains("<time>2026-06-14T10:00:01.000Z</time>"))
        #expect(xml.contains("<ele>540.13</ele>"))
    }

    @Test func flaggedFixesOnlyWithRawAndThenCarryTheirFlags() throws {
        let fixes = [fix(seq: 0, segment: 0, lat: 45.1, lon: 5.7),
                     fix(seq: 1, segment: 0, lat: 45.1, lon: 5.7, flags: .underDistanceGate)]
        #expect(try export(fixes).components(separatedBy: "<trkpt").count == 2)
        let raw = try export(fixes, includeFlagged: true)
        #expect(raw.components(separatedBy: "<trkpt").count == 3)
        #expect(raw.contains("<roam:flags>under-distance-gate</roam:flags>"))
    }

    /// Which fixes the file holds, where GPX 1.1 lets a writer say its own things: an element of
    /// its own namespace in the metadata's <extensions> (the schema's extensionsType: any element
    /// of another namespace, processed lax), after every GPX element of <metadata>.
    @Test func theMetadataSaysWhetherTheFileHoldsTheKeptFixesOrAll() throws {
        let fixes = [fix(seq: 0, segment: 0, lat: 45.1, lon: 5.7)]
        for (raw, word) in [(false, "kept"), (true, "all")] {
            let doc = try XMLDocument(xmlString: try export(fixes, includeFlagged: raw))
            let marks = try doc.nodes(forXPath: "/*[local-name()='gpx']/*[local-name()='metadata']/*[local-name()='extensions']"
                                      + "/*[local-name()='fixes']")
            let mark = try #require(marks.first as? XMLElement)
            #expect(marks.count == 1 && mark.uri == GPXWriter<MemorySink>.namespace && mark.stringValue == word)
            let metadata = try #require(mark.parent?.parent as? XMLElement)
            #expect(metadata.children?.last?.localName == "extensions")
        }
    }

    @Test func coordinatesNearZeroAreNeverInExponentNotation() throws {
        let xml = try export([fix(seq: 0, segment: 0, lat: 0.000045, lon: -0.0000001)])
        #expect(xml.contains("lat=\"0.00004500\" lon=\"-0.00000010\""))
    }

    /// GPX 1.1's schema has lon in [-180, 180): 180°E is written as -180, the same meridian, even
    /// when only the written digits round it up to 180.
    @Test func aFixAt180EastIsWrittenAsMinus180() throws {
        let xml = try export([fix(seq: 0, segment: 0, lat: -16.8, lon: 180), fix(seq: 1, segment: 0, lat: -16.8, lon: 179.999999996),
                              fix(seq: 2, segment: 0, lat: -16.8, lon: -180), fix(seq: 3, segment: 0, lat: -16.8, lon: 179.99999999)])
        let lons = xml.components(separatedBy: " lon=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(lons == ["-180.00000000", "-180.00000000", "-180.00000000", "179.99999999"])
    }

    @Test func fixedPointRounds() {
        #expect(FixedPoint.format(-1.005, digits: 1) == "-1.0")
        #expect(FixedPoint.format(-0.00000001, digits: 2) == "0.00")
        #expect(FixedPoint.format(179.999999999, digits: 8) == "180.00000000")
    }
}
