import Foundation
import Testing
import RoamCore
@testable import RoamExport

/// The view's one-pass gathering: segments kept apart, long rides thinned with every segment's
/// ends kept, the flagged sample bounded; the replay's data built from it (its script is run
/// against a real page in ViewReplayTests).
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

    /// A fix `seconds` after 10:00 UTC on the test day (the fixture's own time of day wraps at midnight).
    private func timed(_ seconds: Double, segment: Int = 0, flags: FixFlags = [], lat: Double = 45, added: Double = 0) -> FixRecord {
        var f = ExportTestFixes.fix(seq: Int64(seconds * 10), segment: segment, lat: lat, flags: flags, added: added)
        f.utcMs = ExportTestFixes.dayStartUTCms + 36_000_000 + Int64((seconds * 1000).rounded())
        return f
    }

    private func replay(_ fixes: [FixRecord], causes: [String] = [],
                        gapSpans: [GapSpan] = []) throws -> (PlaybackData, [String: Any], ViewTrack) {
        var track = ViewTrack(expectedAccepted: fixes.count)
        var pauses = PlaybackPauses()
        for f in fixes { track.add(f); pauses.add(f) }
        track.finish(); pauses.finish()
        let data = try #require(PlaybackData(track: track, pauses: pauses.intervals, gapCauses: causes, gapSpans: gapSpans,
                                           startUTCms: fixes.first?.utcMs, geometry: PlaybackGeometry(track: track)))
        let object = try JSONSerialization.jsonObject(with: Data(data.json.utf8)) as? [String: Any]
        return (data, try #require(object), track)
    }

    @Test func aDayLongRideIsThinnedLikeTheMapAndItsReplayDataStaysCompact() throws {
        // A winding 1 Hz day: speed, heading and barometric height vary as on a road.
        var lat = 45.0, lon = 6.0
        let fixes = (0..<86_400).map { i -> FixRecord in
            let t = Double(i), v = 5.5 + 2 * sine(t / 37) + 0.7 * sine(t / 5.3), heading = t / 2000 + 0.5 * sine(t / 300)
            lat += cosine(heading) * v / 111_000
            lon += sine(heading) * v / 78_500
            var f = timed(t, lat: lat, added: v)
            f.epoch.lonDeg = lon
            f.epoch.speedMps = v
            f.baroAltM = 400 + 150 * sine(t / 3000) + 3 * sine(t / 11)
            return f
        }
        let (data, object, track) = try replay(fixes)
        let segments = try #require(object["segments"] as? [[String: Any]])
        let drawn = try #require(segments.first?["t"] as? [Int]).count
        #expect(drawn == track.segments[0].points.count && drawn < 22_000, "played as the map draws it: every 4th fix")
        #expect(object["tick"] as? Int == 1000 && data.endS == 86_399)
        // 20 B per point until the columns of latitude and longitude (1e-5°, delta-coded) came in for the
        // Leaflet map's marker: they add about 6 B per point (measured 26.1 B here); the page stays a few MB.
        #expect(data.json.utf8.count < 28 * drawn, "\(data.json.utf8.count) bytes for \(drawn) points")
    }

    @Test func pausesRunFromTheirFirstFixToTheNextOneNotPaused() {
        var pauses = PlaybackPauses()
        for i in 0..<20 { pauses.add(timed(Double(i), flags: (5..<9).contains(i) || i >= 17 ? .paused : [])) }
        pauses.finish()
        let at = { (s: Int64) in ExportTestFixes.dayStartUTCms + 36_000_000 + s * 1000 }
        #expect(pauses.intervals == [.init(fromUTCms: at(5), toUTCms: at(9)), .init(fromUTCms: at(17), toUTCms: at(19))])
    }

    @Test func aGapTakesTheCausesOfEveryBreakBetweenTwoPlayedSegmentsAndTicksFollowTheRate() throws {
        var fixes = (0..<30).map { (i: Int) -> FixRecord in
            timed(Double(i) / 10, segment: i / 10, lat: 45 + Double(i) * 1e-4)
        }
        for i in 10..<20 { fixes[i].utcMs = nil }  // a segment the replay cannot place in time
        let (_, object, _) = try replay(fixes, causes: ["no fix", "spatial <jump> & more"])
        let gaps = try #require(object["gaps"] as? [[String: Any]])
        #expect((object["segments"] as? [[String: Any]])?.compactMap { $0["n"] as? Int } == [0, 2])
        #expect(gaps.count == 1 && gaps[0]["cause"] as? String == "no fix, spatial <jump> & more")
        #expect(gaps[0]["from"] as? Int == 9 && gaps[0]["to"] as? Int == 20 && object["tick"] as? Int == 100)
        let (data, _, _) = try replay(fixes, causes: ["<"])
        #expect(!data.json.contains("<") && !data.json.contains("&"), "the JSON sits in XHTML without a CDATA section")
    }

    /// The bench ride's gap once played from 07:58:41, its last drawn fix, while its gap list, `show`
    /// and the FIT timer said 07:58:42, the fix under the distance gate after it (`RideReader.gapSpans`).
    @Test func aGapPlaysFromItsSpanNotFromTheLastDrawnFix() throws {
        var fixes = (0..<10).map { timed(Double($0), lat: 45 + Double($0) * 1e-4) }
        fixes.append(timed(10, flags: .underDistanceGate, lat: 45 + 9e-4))
        fixes += (100..<105).map { timed(Double($0), segment: 1, lat: 46 + Double($0) * 1e-4) }
        let span = GapSpan(fromSeq: fixes[10].seq, toSeq: fixes[11].seq, fromUTCms: fixes[10].utcMs,
                           toUTCms: fixes[11].utcMs, movedThrough: false)
        let (_, object, _) = try replay(fixes, causes: ["no fix"], gapSpans: [span])
        let gaps = try #require(object["gaps"] as? [[String: Any]])
        #expect(object["tick"] as? Int == 1000)
        #expect(gaps.count == 1 && gaps.first?["from"] as? Int == 10 && gaps.first?["to"] as? Int == 100, "\(gaps)")
        let (_, unspanned, _) = try replay(fixes, causes: ["no fix"])
        let drawn = try #require(unspanned["gaps"] as? [[String: Any]])
        #expect(drawn.first?["from"] as? Int == 9, "without a span the gap is timed by its drawn ends")
    }
}
