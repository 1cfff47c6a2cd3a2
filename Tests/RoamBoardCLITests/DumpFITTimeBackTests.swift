import Foundation
import RoamTestSupport
import Testing
import RoamCore
import RoamStore

/// A receiver whose clock jumped back a minute for four fixes: FIT times must rise, so those fixes
/// get no FIT record and move no timer, but the dump says how many and why (it said nothing), the
/// GPX keeps them, and Garmin's FIT SDK reads a whole file whose records rise and end on the ride's distance.
@Suite(.needs(Judge.isAvailable, Judge.skipReason))
struct DumpFITTimeBackTests {
    @Test func fixesWhoseTimeWentBackAreCountedInWords() throws {
        var script = RideScript(lat: 47.9950, lon: 7.8420, startUTCms: DumpFixture.startUTCms, barometer: true)
        script.move(seconds: 30, speedMps: { _ in 12 }, bearingDeg: 35)
        let back = 14...17
        let (db, id, fixes) = try DumpFixture.oneRide(script, adjust: { fixes in
            for i in back {
                fixes[i].utcMs! -= 60_000
                // Paused too: such a fix stopped the timer a minute back, out of time order.
                fixes[i].flags.formUnion([.timeBackwards, .paused])
                fixes[i].distanceAddedM = 0
            }
        }) { _ in [] }
        let dir = (db as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fit = dir + "/raw.fit", gpx = dir + "/raw.gpx"
        let r = try CLIRunner.run(["dump", "--db", db, "--ride", "\(id)", "--format", "fit", "--raw", "--out", fit])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("ride \(id): 4 fixes have no record in the FIT file: their times go back before a fix already "
                                  + "written (the receiver's clock jumped back), and a FIT file's times must rise; the ride's GPX and CSV exports keep them"),
                "\(r.stderr)")
        let v = try #require(try Judge.verdicts("fit_judge.py", [fit])[fit])
        #expect(v["integrity"] as? Bool == true && (v["errors"] as? [String])?.isEmpty == true, "\(v["errors"] ?? "")")
        #expect(v["timestamps_increasing"] as? Bool == true)
        let events = try #require(v["timer_events"] as? [[Any]])
        #expect(events.map { $0[1] as? String ?? "" } == ["start", "stop_all"], "no stop or start out of time order: \(events)")
        let kept = fixes.indices.filter { !back.contains($0) }.map { Int(fixes[$0].utcMs! / 1000) - 631_065_600 }
        #expect(v["record_timestamps"] as? [Int] == kept, "every other fix has its record")
        let distance = fixes.reduce(0) { $0 + $1.distanceAddedM }
        #expect(abs((v["last_distance"] as? Double ?? -1) - distance) <= 0.005)

        let g = try CLIRunner.run(["dump", "--db", db, "--ride", "\(id)", "--format", "gpx", "--raw", "--out", gpx])
        #expect(g.status == 0 && !g.stderr.contains("FIT"), "\(g.stderr)")
        #expect(try String(contentsOfFile: gpx, encoding: .utf8).components(separatedBy: "<trkpt ").count - 1 == fixes.count)
    }
}
