import Testing
import RoamCore
@testable import RoamExport

/// The view's one-pass gathering: segments kept apart, long rides thinned with every segment's
/// ends kept, the flagged sample bounded.
@Suite struct ViewTrackTests {
    @Test func segmentsStayApartAndThinningKeepsEveryEnd() {
        var t = ViewTrack(expectedAccepted: 1_000, maxPoints: 100)
        for i in 0..<1_000 {
            t.add(ExportTestFixes.fix(seq: Int64(i), segment: i < 503 ? 0 : 1, lat: 45 + Double(i) * 1e-4, added: 11))
        }
        t.finish()
        #expect(t.segments.map(\.number) == [0, 1])
        #expect(t.segments.map(\.fixCount) == [503, 497])
        #expect(t.segments[0].points.first?.latDeg == 45 && t.segments[0].points.last?.latDeg == 45 + 502e-4)
        #expect(t.segments[1].points.last?.latDeg == 45 + 999e-4)
        #expect(t.segments.map(\.points.count).reduce(0, +) <= 110)
        #expect(t.segments[1].points.last!.distanceM == 11_000)
    }

    @Test func flaggedSampleIsBoundedButCountsAreComplete() {
        var t = ViewTrack(expectedAccepted: 0, maxFlagged: 64)
        for i in 0..<10_000 { t.add(ExportTestFixes.fix(seq: Int64(i), flags: .underDistanceGate)) }
        #expect(t.flaggedTotal == 10_000 && t.flaggedCounts["under-distance-gate"] == 10_000)
        #expect(t.flagged.count <= 64 && t.flagged.count >= 32)
        #expect(t.segments.isEmpty, "flagged fixes are never drawn as track")
    }

    @Test func speedBandsParseAndClassify() throws {
        let b = try SpeedBands(parsing: "10, 20,30")
        #expect(b.band(speedMps: 1) == 0 && b.band(speedMps: 20 / 3.6) == 2 && b.band(speedMps: 50) == 3 && b.band(speedMps: nil) == nil)
        #expect(throws: SpeedBandsError.notAscending("20,10")) { try SpeedBands(parsing: "20,10") }
        #expect(throws: SpeedBandsError.notANumber("x")) { try SpeedBands(parsing: "x") }
    }
}
