import Foundation
import RoamTestSupport
import Testing
import RoamCore
import RoamStore

/// A 10 Hz ride's FIT read back by Garmin's FIT SDK. A FIT record's time is whole seconds and the
/// record message has no sub-second field, so the file holds one record per second that has a fix:
/// times that rise, none between or past the fixes, the ride's distance on the last record and
/// the session, and the gaps marked once each.
@Suite(.needs(Judge.isAvailable, Judge.skipReason))
struct DumpTenHertzFITTests {
    /// 12 m/s at 10 Hz: a fix clears the 10 m gate every 0.9 s, so some seconds keep two fixes.
    /// Fixes fall at .3, .4 … .2 of each second: the jump starts a segment a tenth of a second
    /// after the fix before it, inside a second that already has a record; then a loss of fix,
    /// and 13 m/s (a kept fix every 0.8 s), whose last kept fix is the second of its second.
    static func ride() throws -> (db: String, id: Int64, fixes: [FixRecord]) {
        var script = RideScript(lat: 47.9950, lon: 7.8420, startUTCms: DumpFixture.startUTCms + 300, barometer: true, hz: 10)
        script.move(seconds: 20, speedMps: { _ in 12 }, bearingDeg: 35)
        script.jump(eastM: 2_500)
        script.move(seconds: 10, speedMps: { _ in 12 }, bearingDeg: 80)
        script.loseFix(seconds: 8)
        script.move(seconds: 10, speedMps: { _ in 13 }, bearingDeg: 150)
        return try DumpFixture.oneRide(script) { _ in [] }
    }

    private static func fitSecond(_ fix: FixRecord) -> Int { Int(fix.utcMs! / 1000) - 631_065_600 }

    /// Before: ten records a second (raw) or two in some seconds, each second's time repeated.
    @Test func oneRecordASecondOfRidingWithTheRidesDistance() throws {
        let (db, id, fixes) = try Self.ride()
        let dir = (db as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let totals = try #require(try RideReader(path: db).rides().first).totals
        for raw in [false, true] {
            let file = dir + (raw ? "/raw.fit" : "/ride.fit")
            let r = try CLIRunner.run(["dump", "--db", db, "--ride", "\(id)", "--format", "fit", "--out", file] + (raw ? ["--raw"] : []))
            #expect(r.status == 0, "\(r.stderr)")
            let v = try #require(try Judge.verdicts("fit_judge.py", [file])[file])
            #expect(v["integrity"] as? Bool == true && (v["errors"] as? [String])?.isEmpty == true, "\(v["errors"] ?? "")")

            let exported = fixes.filter { raw ? $0.utcMs != nil : $0.flags.isAccepted && $0.epoch.hasPosition }
            let seconds = Array(Set(exported.map(Self.fitSecond))).sorted()
            let last = try #require(exported.last)
            // The ride repeats seconds, and its last second keeps more than one fix: the cases at hand.
            try #require(exported.count > seconds.count && exported.filter { Self.fitSecond($0) == seconds.last }.count > 1)
            #expect(v["timestamps_increasing"] as? Bool == true, "raw \(raw)")
            #expect(v["record_timestamps"] as? [Int] == seconds, "one record per second of riding, none beyond, raw \(raw)")
            let session = try #require(v["session"] as? [String: Any])
            #expect(abs((session["total_distance"] as? Double ?? -1) - totals.distanceM) <= 0.005)
            #expect(abs((v["last_distance"] as? Double ?? -1) - totals.distanceM) <= 0.005, "raw \(raw)")
            // The last second ends on the ride's last fix, where the track ends.
            let end = try #require(v["last_record"] as? [String: Any])
            #expect(end["position_lat"] as? Int == Int((last.epoch.latDeg! * 2_147_483_648 / 180).rounded()), "raw \(raw)")

            // The jump a tenth of a second long and the loss of fix: one stop and one start each.
            let events = try #require(v["timer_events"] as? [[Any]])
            #expect(events.map { $0[1] as? String ?? "" } == ["start", "stop_all", "start", "stop_all", "start", "stop_all"], "\(events)")
            let jump = try #require(fixes.first { $0.segment == 1 })
            #expect(events.count == 6 && events[1][0] as? Int == Self.fitSecond(jump) && events[2][0] as? Int == Self.fitSecond(jump),
                    "the jump is marked at its own second: \(events)")
        }
    }
}
