import Testing
import RoamCore
@testable import RoamExport

/// Where the page marks a stop: at the last drawn point with a time at or before the pause began
/// (the first one when the pause came before any), across segments, whatever points lack a time.
@Suite struct RideMarksTests {
    @Test func aStopIsMarkedAtTheLastDrawnPointBeforeItsPause() {
        var track = ViewTrack(expectedAccepted: 30)
        for i in 0..<30 {
            var fix = ExportTestFixes.fix(seq: Int64(i), segment: i < 12 ? 0 : i < 20 ? 1 : 2, lat: 45 + Double(i) * 1e-3, added: 100)
            if i == 5 || i == 6 { fix.utcMs = nil }  // drawn, but with no time: never where a stop is placed
            track.add(fix)
        }
        track.finish()
        let t0 = ExportTestFixes.fix(seq: 0).utcMs!
        let starts: [Int64] = [t0 - 5_000, t0, t0 + 5_500, t0 + 6_000, t0 + 11_999, t0 + 12_000, t0 + 19_500, t0 + 60_000]
        let pauses = starts.map { PlaybackPauses.Interval(fromUTCms: $0, toUTCms: $0 + 30_000) }
        let marks = RideMarks(track: track, pauses: pauses, gapCauses: ["no fix", "jump"])
        let seqAt = marks.stops.map { Int(($0.at.latDeg - 45) / 1e-3 + 0.5) }
        #expect(seqAt == [0, 0, 4, 4, 11, 12, 19, 29])
        #expect(marks.gaps.map(\.cause) == ["no fix", "jump"])
    }
}
