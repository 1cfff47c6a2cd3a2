import Foundation
import RoamCore
@testable import RoamStore
import Testing

/// `show` places each gap between the segments it separates and says how long the track stopped.
@Suite struct ShowGapTests {
    /// A 1 Hz track imported as one ride: a minute north, a jump of 5.5 km (the pipeline flags two
    /// fixes, then starts a segment at the third), a minute more, two minutes without a point, a
    /// minute more.
    static func gpx() -> String {
        var s = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"Test Logger\"><trk><trkseg>\n"
        let seconds = Array(0..<120) + Array(240..<300)
        for t in seconds {
            let lat: Double = t < 60 ? 47 + Double(t) * 5e-5 : 47.05 + Double(t < 120 ? t - 60 : t - 180) * 5e-5
            s += "<trkpt lat=\"\(lat)\" lon=\"8.0\"><ele>400</ele><time>2022-05-01T08:0\(t / 60):"
                + (t % 60 < 10 ? "0" : "") + "\(t % 60)Z</time></trkpt>\n"
        }
        return s + "</trkseg></trk></gpx>\n"
    }

    /// Before: the jump, stamped with the first fix of the segment it starts, was printed after that
    /// segment, and its length ran to the next segment ("spatial jump at 08:01:02, 178 s"). A gap is
    /// said from the last fix before it (`RideReader.gapSpans`, as the page says it): the jump from 08:00:59.
    @Test func aSpatialJumpComesBeforeTheSegmentItStartsWithTheSecondsItLasted() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path, track = dir.appendingPathComponent("jump.gpx")
        try Self.gpx().write(to: track, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["import", "--db", db, track.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        #expect(show.status == 0, "\(show.stderr)")
        let lines = show.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("#") || $0.hasPrefix("gap:") }
        #expect(lines == ["#0  08:00:00–08:00:59  0.322 km, fixes 0…59, 30 accepted",
                          "gap: spatial jump at 08:00:59, 3 s",
                          "#1  08:01:02–08:01:59  0.311 km, fixes 62…119, 29 accepted",
                          "gap: no points in the file at 08:01:59, 121 s",
                          "#2  08:04:00–08:04:59  0.322 km, fixes 120…179, 30 accepted"], "\(show.stdout)")
    }
}

extension ShowGapTests {
    /// A ride stopped while the receiver was silent: its last event is a gap after its last fix.
    /// Before: listed under the last segment as "gap: receiver silent at 08:00:42 (before fix 30)",
    /// a marker into a segment that does not exist.
    @Test func aGapAfterTheLastFixIsSaidAsTheRideEndingInIt() throws {
        let (db, id, fixes) = try DumpFixture.rideEndingInASilentGap()
        defer { try? FileManager.default.removeItem(atPath: (db as NSString).deletingLastPathComponent) }
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "\(id)"])
        #expect(show.status == 0, "\(show.stderr)")
        let gaps = show.stdout.split(separator: "\n").filter { $0.contains("gap: ") }
        #expect(gaps.count == 1 && gaps[0].contains("receiver silent at "), "\(show.stdout)")
        #expect(gaps.first?.hasSuffix(": the ride ended in it, no fix after it until the stop") == true, "\(gaps)")
        #expect(!show.stdout.contains("before fix \(fixes.count)"), "\(show.stdout)")
    }
}
