import Foundation
import Testing
import RoamCore
@testable import RoamExport

/// The ride page's parts that need no browser: a day-long ride's page stays a few megabytes
/// (the map keeps its thinning, each chart at most about 1,500 points), round ticks, durations
/// without nonsense, splits that add up to the ride.
@Suite struct ViewPageSizeTests {
    /// A winding 1 Hz day with a 10-minute stop every two hours and temperature drifting.
    private func dayLongPage() -> (html: String, fixes: Int, distanceM: Double) {
        var track = ViewTrack(expectedAccepted: 86_400)
        var pauses = PlaybackPauses(), splits = RideSplits()
        var lat = 45.0, lon = 6.0, distance = 0.0
        for i in 0..<86_400 {
            let t = Double(i), stopped = i % 7_200 >= 6_600
            let v = stopped ? 0 : 5.5 + 2 * sine(t / 37), heading = t / 2000
            lat += cosine(heading) * v / 111_000
            lon += sine(heading) * v / 78_500
            var f = ExportTestFixes.fix(seq: Int64(i), lat: lat, lon: lon, flags: stopped ? .paused : [], added: v)
            f.utcMs = ExportTestFixes.dayStartUTCms + Int64(i) * 1000
            f.baroAltM = 400 + 150 * sine(t / 3000)
            f.temperatureC = 15 + 8 * sine(t / 20_000)
            distance += v
            track.add(f); pauses.add(f); splits.add(f)
        }
        track.finish(); pauses.finish(); splits.finish()
        var totals = RideTotals()
        totals.distanceM = distance; totals.fixCount = 86_400; totals.acceptedCount = 86_400
        let ride = RideSummary(id: 7, startedUTCms: ExportTestFixes.dayStartUTCms, endedUTCms: ExportTestFixes.dayStartUTCms + 86_399_000,
                               totals: totals, parametersJSON: "{}")
        let html = HTMLView(ride: ride, track: track, pauses: pauses.intervals, splits: splits.splits).render()
        return (html, 86_400, distance)
    }

    @Test func aDayLongRidesPageStaysSmallAndItsChartsThin() throws {
        let (html, fixes, distance) = dayLongPage()
        let bytes = html.utf8.count
        print("ride page: \(bytes) bytes for \(fixes) fixes (\(bytes / fixes) B per fix), \(Int(distance / 1000)) km")
        #expect(bytes < 4_000_000, "\(bytes) bytes")
        // Every chart but the elevation profile (which the replay's cursor follows vertex by vertex) is thinned.
        for id in ["speed-distance", "speed-time", "temperature-time", "elevation-time"] {
            let start = try #require(html.range(of: "id=\"chart-\(id)\""))
            let end = try #require(html.range(of: "</figure>", range: start.upperBound..<html.endIndex))
            let points = html[start.upperBound..<end.lowerBound].components(separatedBy: ",").count
            #expect(points < 1_700, "\(id): \(points) points")
        }
        #expect(html.contains("stop 10 min"), "the two-hourly stops are labelled")
    }

    /// The day's map keeps every 4th of its 86,400 points and the charts fewer still: the page says
    /// so in words, and that every fix still counts and stays (P4); a short ride's page draws all
    /// and says nothing of the kind.
    @Test func aThinnedPageSaysSoInWords() throws {
        let (html, _, _) = dayLongPage()
        let start = try #require(html.range(of: "<p class=\"note\">"))
        let note = html[start.upperBound..<(try #require(html.range(of: "</p>", range: start.upperBound..<html.endIndex))).lowerBound]
        #expect(note.contains("The map, the replay and the elevation profile draw 21601 of the 86400 points kept for distance "
                              + "(every 4th and each segment's first and last); the other charts every 14th of those."), "\(note)")
        #expect(html.contains("Distance, splits and totals count every fix, and every fix stays in the database"))

        var track = ViewTrack(expectedAccepted: 1_000)
        for i in 0..<1_000 { track.add(ExportTestFixes.fix(seq: Int64(i), lat: 45 + Double(i) * 1e-4, added: 11)) }
        track.finish()
        var totals = RideTotals()
        totals.fixCount = 1_000; totals.acceptedCount = 1_000
        let short = HTMLView(ride: RideSummary(id: 8, startedUTCms: nil, endedUTCms: nil, totals: totals, parametersJSON: "{}"),
                             track: track).render()
        #expect(track.drawnPointCount == 1_000 && !short.contains("kept for distance (every") && !short.contains("charts every"))
    }

    @Test func ticksAreRound() {
        #expect(NiceTicks.step(span: 106, count: 4) == 50)   // not 399/452/505
        #expect(NiceTicks.step(span: 13.2, count: 6) == 2.5)
        #expect(NiceTicks.values(low: 350, high: 550, step: 50) == [350, 400, 450, 500, 550])
        #expect(NiceTicks.timeStep(spanS: 2_190, count: 6) == 600)
        #expect(NiceTicks.digits(for: 2.5) == 1 && NiceTicks.digits(for: 50) == 0)
        let scale = ProfileScale(xMax: 1000, values: [398.7, 505.2], minSpan: 20, width: 960, height: 200)
        #expect(scale?.yTicks == [350, 400, 450, 500, 550])
    }

    @Test func numbersAndDatesNeverSayNonsense() {
        #expect(PageText.number(-0.3, digits: 0) == "0" && PageText.number(-0.04, digits: 1) == "0.0")
        #expect(PageText.longDate(localMs: ExportTestFixes.dayStartUTCms) == "Sunday 14 June 2026")
    }

    @Test func splitsAddUpToTheRide() {
        var splits = RideSplits()
        for i in 0..<2_600 { // 2.6 km at 1 m/s, paused for the seconds 1,000-1,099 (no distance then)
            let paused = (1_000..<1_100).contains(i)
            var f = ExportTestFixes.fix(seq: Int64(i), flags: paused ? .paused : [], added: paused ? 0 : 1)
            f.utcMs = ExportTestFixes.dayStartUTCms + Int64(i) * 1000
            splits.add(f)
        }
        splits.finish()
        let km = splits.splits.perKilometre
        #expect(km.map(\.km) == [1, 1, 0.5])
        #expect(km.map(\.elapsedS) == [999, 1_100, 500] && km[1].movingS == 1_000)
        // Per mile from the same pass: the first mile ends 0.344 m into fix 1,709's metre, so that
        // second is shared 0.344 : 0.656.
        let mi = splits.splits.perMile
        #expect(mi.count == 2 && mi[0].km == 1.609344 && abs(mi[1].km - (2.5 - 1.609344)) < 1e-9, "\(mi.map(\.km))")
        #expect(abs(mi[0].elapsedS - 1_708.344) < 1e-6 && abs(mi[0].movingS - 1_608.344) < 1e-6, "\(mi)")
        #expect(abs(mi[1].elapsedS - (2_599 - 1_708.344)) < 1e-6, "\(mi)")
    }

    /// A gap bridged 3 km in 240 s: the kilometres inside it get its time, in proportion, so no
    /// split is faster than the straight line across it (before, they got none: 0:00:00, and the
    /// split after the gap the bridged metres for free; the page said 362 km/h for a mile).
    @Test func splitsAcrossABridgedGapShareItsTime() {
        var splits = RideSplits()
        var seconds: Int64 = 0
        for i in 0..<2_101 {
            let bridge = i == 1_500
            if i > 0 { seconds += bridge ? 240 : 1 }
            var f = ExportTestFixes.fix(seq: Int64(i), segment: i < 1_500 ? 0 : 1, flags: bridge ? [.segmentStart, .bridged] : [],
                                        added: bridge ? 3_000 : 1)
            f.utcMs = ExportTestFixes.dayStartUTCms + seconds * 1000
            splits.add(f)
        }
        splits.finish()
        let km = splits.splits.perKilometre
        #expect(km.map(\.km) == [1, 1, 1, 1, 1, 0.1], "\(km.map(\.km))")
        #expect(abs(km[1].elapsedS - 540) < 1e-6 && abs(km[2].elapsedS - 80) < 1e-6 && abs(km[3].elapsedS - 80) < 1e-6, "\(km)")
        // Moving too, as the ride's totals count a bridged gap.
        #expect(abs(km[2].movingS - 80) < 1e-6 && abs(km[3].movingS - 80) < 1e-6, "\(km)")
        #expect(km.map(\.crossesGap) == [false, true, true, true, true, false], "\(km)")
        let bridgedSpeed = 3_000.0 / 240
        for split in km + splits.splits.perMile {
            #expect(split.km * 1000 / split.movingS <= bridgedSpeed + 1e-9, "\(split)")
        }
        let total = km.reduce(0) { $0 + $1.elapsedS }, miles = splits.splits.perMile.reduce(0) { $0 + $1.elapsedS }
        #expect(abs(total - Double(seconds)) < 1e-6 && abs(miles - Double(seconds)) < 1e-6, "\(total) \(miles)")
    }
}
