import Foundation
import Testing
import RoamCore
@testable import RoamExport

/// What the Leaflet ride map is given: runs per drawn segment (never one across a gap), a loop
/// told apart so Start and Finish share one label, the replay's latitude and longitude columns,
/// and a page that carries Leaflet and the map only when the command found the package.
@Suite struct RideMapDataTests {
    /// A ride around a circle of about 1 km radius, `turns` of it (1: back where it began), in two segments.
    private func track(turns: Double) -> ViewTrack {
        var track = ViewTrack(expectedAccepted: 400)
        for i in 0..<400 {
            let a = Double(i) / 399 * 2 * .pi * turns
            track.add(ExportTestFixes.fix(seq: Int64(i), segment: i < 200 ? 0 : 1, lat: 45 + 0.009 * sine(a),
                                          lon: 6 + 0.0127 * (1 - cosine(a)), speed: i % 50 < 25 ? 3 : 6))
        }
        track.finish()
        return track
    }

    private func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func runsStayInsideTheirSegmentAndALoopGetsOneLabel() throws {
        for (turns, loop) in [(1.0, true), (0.5, false)] {
            let t = track(turns: turns)
            let marks = RideMarks(track: t, pauses: [], gapCauses: ["no fix"])
            let o = try object(RideMapData(track: t, bands: .cycling, marks: marks).json)
            #expect(o["loop"] as? Bool == loop, "\(turns) turns")
            let segments = try #require(o["segments"] as? [[String: Any]])
            #expect(segments.map { $0["n"] as? Int } == [0, 1])
            for (seg, drawn) in zip(segments, t.segments) {
                let runs = try #require(seg["runs"] as? [[String: Any]])
                #expect(runs.count > 1, "speed bands change along the segment")
                // Decoded, the runs are the segment's points in order, each run ending on the next one's first point.
                var points: [[Int]] = []
                for run in runs {
                    var lat = 0, lon = 0
                    let a = try #require(run["a"] as? [Int]), b = try #require(run["o"] as? [Int])
                    let decoded = zip(a, b).map { lat += $0.0; lon += $0.1; return [lat, lon] }
                    if let last = points.last { #expect(decoded.first == last) ; points += decoded.dropFirst() } else { points = decoded }
                }
                #expect(points == drawn.points.map { [RideMapData.e5($0.latDeg), RideMapData.e5($0.lonDeg)] })
            }
            #expect((o["gaps"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test func thePageCarriesLeafletAndTheMapOnlyWhenGivenThem() throws {
        let t = track(turns: 1)
        let plain = HTMLView(ride: ExportTestFixes.ride(distanceM: 6_000), track: t).render()
        #expect(!plain.contains("leaflet") && !plain.contains("map-data") && !plain.contains("data-tiles"))
        let library = MapLibrary(script: "var L = null;\n//# sourceMappingURL=leaflet.min.js.map", style: ".leaflet-pane{z-index:400}",
                                 tilesTemplate: "http://127.0.0.1:9/{z}/{x}/{y}.png")
        let page = HTMLView(ride: ExportTestFixes.ride(distanceM: 6_000), track: t, mapLibrary: library).render()
        #expect(page.contains("<script id=\"leaflet-js\">//<![CDATA[\nvar L = null;\n//]]></script>"), "the source map line is left out")
        #expect(page.contains("data-tiles=\"http://127.0.0.1:9/{z}/{x}/{y}.png\"") && page.contains("<script type=\"application/json\" id=\"map-data\">"))
        #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\""), "the static map stays for a browser without scripts")
        #expect(MapLibrary.templateProblem("https://a/{z}/{x}/{y}.png") == nil && MapLibrary.templateProblem("https://a/{z}/{y}") != nil)
        #expect(MapLibrary.inlineProblem(script: "a]]>b", style: "") != nil && MapLibrary.inlineProblem(script: "", style: "a<b") != nil)
    }

    @Test func theReplayCarriesEachPointsLatitudeAndLongitude() throws {
        let t = track(turns: 1)
        let data = try #require(PlaybackData(track: t, pauses: [], gapCauses: [], startUTCms: nil, geometry: PlaybackGeometry(track: t)))
        let segments = try #require(try object(data.json)["segments"] as? [[String: Any]])
        for (seg, drawn) in zip(segments, t.segments) {
            var lat = 0, lon = 0
            let a = try #require(seg["a"] as? [Int?]).map { lat += $0 ?? 0; return lat }
            let o = try #require(seg["o"] as? [Int?]).map { lon += $0 ?? 0; return lon }
            #expect(a == drawn.points.map { RideMapData.e5($0.latDeg) } && o == drawn.points.map { RideMapData.e5($0.lonDeg) })
        }
    }
}
