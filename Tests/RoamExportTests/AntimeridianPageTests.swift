import Foundation
import Testing
import RoamCore
@testable import RoamExport

/// A ride over the antimeridian (179.99° east to -179.99°) is a short line on all three of the
/// page's maps: the static SVG's extent and scale bar, the Leaflet map's steps and marks, and the
/// playback marker's steps are the 2 km it rode, not a line round the globe.
@Suite struct AntimeridianPageTests {
    /// The reviewer's replay: 200 fixes from 179.99° eastwards by 0.0001° each at -16.8°, 2.1 km.
    private func track() -> ViewTrack {
        var track = ViewTrack(expectedAccepted: 200)
        for i in 0..<200 {
            let east = 179.99 + 0.0001 * Double(i)
            track.add(ExportTestFixes.fix(seq: Int64(i), lat: -16.8, lon: east >= 180 ? east - 360 : east))
        }
        track.finish()
        return track
    }

    private func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// Each step after a column's first (absolute) entry, in 1e-5 degrees.
    private func steps(_ column: Any?) throws -> [Int] {
        try #require(column as? [Int?]).dropFirst().compactMap { $0 }
    }

    @Test func theLeafletMapAndThePlaybackStepTheShortWay() throws {
        let t = track()
        let map = try object(RideMapData(track: t, bands: .cycling, marks: RideMarks(track: t, pauses: [], gapCauses: [])).json)
        let runs = try #require((map["segments"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        let mapSteps = try runs.flatMap { try steps($0["o"]) }
        #expect(!mapSteps.isEmpty && mapSteps.allSatisfy { abs($0) <= 18_000_000 }, "\(mapSteps.filter { abs($0) > 18_000_000 })")
        let start = try #require(map["start"] as? [Double]), finish = try #require(map["finish"] as? [Double])
        #expect(start[1] == 179.99 && abs(finish[1] - 180.0099) < 1e-9, "the finish lies east of the start: \(start) \(finish)")

        let playback = try #require(PlaybackData(track: t, pauses: [], gapCauses: [], startUTCms: nil, geometry: PlaybackGeometry(track: t)))
        let segment = try #require((try object(playback.json)["segments"] as? [[String: Any]])?.first)
        let playbackSteps = try steps(segment["o"])
        #expect(playbackSteps.count == 199 && playbackSteps.allSatisfy { abs($0) <= 18_000_000 }, "\(playbackSteps.filter { abs($0) > 18_000_000 })")
    }

    @Test func theStaticMapIsTheRidesExtentWithARideSizedScaleBar() {
        let t = track()
        let proj = TrackSVG.projection(t, width: 960, maxHeight: 640)
        // 2.1 km across 912 pixels (the map's width less its margins): about 2.3 m a pixel.
        #expect(proj.metresPerPixel > 2 && proj.metresPerPixel < 2.6, "\(proj.metresPerPixel) m per pixel")
        let svg = TrackSVG(track: t, bands: .cycling, marks: RideMarks(track: t, pauses: [], gapCauses: [])).render()
        #expect(svg.contains(">200 m</text>") && !svg.contains(" km</text>"), "the scale bar is a few hundred metres")
        let xs = t.segments[0].points.map { proj.x($0.lonDeg) }
        #expect(xs.allSatisfy { $0 >= 0 && $0 <= 960 } && zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 },
                "the track runs east across the map: \(xs.first ?? 0) … \(xs.last ?? 0)")
    }
}
