import Foundation
import RoamCore
import RoamTestSupport
import Testing

/// A capture with 10 s of no sentences at all, ridden through at 12 m/s, replayed as fast as the
/// recorder reads and in real time (what the board does). Before: fast, the pipeline saw the jump in
/// GNSS time first and called it "no fix" (moving 0:00:21); in real time the recorder called it
/// "receiver silent" and counted no moving time across it (0:00:10: 132 m bridged in no time, a FIT
/// average far above the ride's); and the bench's module answered the recorder's set-up probes while
/// the capture it played was silent ("it sent nothing until asked … sentences turned on").
@Suite(.serialized, .needs(Judge.isAvailable, Judge.skipReason))
struct ReplaySilenceTests {
    struct Replayed {
        var show: String
        var stderr: String
        var fit: [String: Any]
        var gpx: String
    }

    /// 1 Hz, 6 s, nothing for 10 s, 6 s more, 12 m/s east all along: 11 s across the silence.
    static func capture(in dir: URL) throws -> URL {
        var text = ""
        for s in Array(0..<6) + Array(16..<22) {
            let time = String(format: "1500%02d.00", s)
            let lon = String(format: "00757.%05d", 12_000 + Int((Double(s) * 12 / 74_590 * 60 * 100_000).rounded()))
            text += NMEAChecksum.seal("$GPRMC,\(time),A,4757.84000,N,\(lon),E,23.33,90.0,140626,,,A") + "\r\n"
            text += NMEAChecksum.seal("$GPGGA,\(time),4757.84000,N,\(lon),E,1,09,0.9,400.0,M,48.0,M,,") + "\r\n"
        }
        let url = dir.appendingPathComponent("silence.nmea")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func replay(realtime: Bool) throws -> Replayed {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let capture = try capture(in: dir)
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--replay", capture.path]
                                    + (realtime ? ["--realtime"] : []))
        guard rec.status == 0 else { throw TrialSetupError(message: "record exited \(rec.status): \(rec.stderr)") }
        let show = try CLIRunner.run(["show", "--db", db, "--ride", "1"])
        let fit = dir.appendingPathComponent("ride.fit").path, gpx = dir.appendingPathComponent("ride.gpx").path
        for (format, out) in [("fit", fit), ("gpx", gpx)] {
            let dump = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", format, "--out", out])
            guard dump.status == 0 else { throw TrialSetupError(message: "dump \(format) exited \(dump.status): \(dump.stderr)") }
        }
        let verdict = try #require(try Judge.verdicts("fit_judge.py", [fit])[fit])
        return Replayed(show: show.stdout, stderr: rec.stderr, fit: verdict,
                        gpx: try String(contentsOfFile: gpx, encoding: .utf8))
    }

    static func line(_ show: String, _ prefix: String) -> String {
        show.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) } ?? "(no \(prefix))"
    }

    /// The silence is the receiver's, fast as in real time, and its 11 s at 12 m/s are moving time in
    /// `show`, in the FIT timer and session (its average speed: distance over that time) and in the GPX.
    @Test(arguments: [false, true])
    func aSilenceRiddenThroughIsTheReceiversAndMovingTime(realtime: Bool) throws {
        let ride = try Self.replay(realtime: realtime)
        let mode = realtime ? "real time" : "fast"
        // In real time the recorder's set-up hunts bauds while the module is silent, and may miss the
        // first epochs after it (the gap then ends later): the cause is the same, and the moving time.
        let gap = realtime ? "gap: receiver silent at 15:00:05, " : "gap: receiver silent at 15:00:05, 11 s"
        #expect(Self.line(ride.show, "gap: ").hasPrefix(gap), "\(mode): \(ride.show)")
        #expect(Self.line(ride.show, "moving ").hasPrefix("moving      0:00:21"), "\(mode): \(ride.show)")
        let session = try #require(ride.fit["session"] as? [String: Any])
        let timer = try #require(session["total_timer_time"] as? Double)
        let distance = try #require(session["total_distance"] as? Double)
        let average = try #require(session["enhanced_avg_speed"] as? Double)
        #expect(timer == 21, "\(mode): total_timer_time \(timer) s")
        #expect(abs(average - distance / 21) < 0.01, "\(mode): enhanced_avg_speed \(average) m/s, \(distance) m in 21 s")
        let run = try FITTimerRun(try #require(ride.fit["timer_events"] as? [[Any]]))
        #expect(run.seconds == 21 && !run.leftRunning, "\(mode): the timer ran \(run.seconds) s")
        #expect(ride.gpx.contains(" moving_s=\"21.0\""), "\(mode): \(ride.gpx.prefix(800))")
        // A module whose capture is silent answers no probe: it sent nothing, so it was not "asked".
        #expect(!ride.stderr.contains("sent nothing until asked"), "\(mode): \(ride.stderr)")
    }
}
