import Foundation
import RoamCore
import RoamStore
import Testing

/// `record --replay CAPTURE --realtime` plays the capture at its sentences' own pace (before, the
/// flag was taken and the capture replayed as fast as the recorder read it, without a word).
@Suite struct ReplayRealtimeTests {
    @Test func aCaptureInRealTimeTakesItsOwnTime() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 41 epochs at 10 Hz: 4 s of the capture's own time, from the first epoch to the last (as fast
        // as the recorder reads, the same capture ends within about 1.7 s of the press).
        var text = ""
        for i in 0...40 {
            let time = String(format: "1500%02d.%02d", i / 10, (i % 10) * 10)
            let lat = String(format: "4757.%05d", 84_000 + i * 3)
            text += NMEAChecksum.seal("$GPRMC,\(time),A,\(lat),N,00757.11947,E,1.2,0.0,140626,,,A") + "\r\n"
            text += NMEAChecksum.seal("$GPGGA,\(time),\(lat),N,00757.11947,E,1,09,0.9,400.0,M,48.0,M,,") + "\r\n"
        }
        let capture = dir.appendingPathComponent("ride.nmea")
        try Data(text.utf8).write(to: capture)
        let db = dir.appendingPathComponent("rides.db").path
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet", "--realtime", "--replay", capture.path])
        try #require(rec.status == 0, "\(rec.stderr)")

        // The start is pressed before the first byte is played, and the last epoch is played no
        // sooner than 3.9 s after the second (the first place the replay can wait, as the epoch
        // before it closes): a lower bound, which a loaded machine only makes longer.
        let c = try SQLiteConnection(path: db, mode: .readOnly)
        let startedText = try c.singleText("SELECT started_mono_ns FROM rides WHERE id = 1")
        let lastText = try c.singleText("SELECT max(t_mono_ns) FROM fixes WHERE ride_id = 1")
        let started = try #require(startedText.flatMap { Int64($0) }, "no ride")
        let last = try #require(lastText.flatMap { Int64($0) }, "no fix")
        let fixes = try c.singleText("SELECT count(*) FROM fixes WHERE ride_id = 1")
        #expect(fixes == "41", "fixes: \(fixes ?? "none")")
        let spanS = Double(last - started) / 1e9
        #expect(spanS >= 3.9, "the capture's 4 s were played in \(spanS) s")
    }

    /// The bench pressed stop only once the epoch count stood still for a second, 2–3 s after the
    /// last epoch, racing the recorder's 3 s silence: every replay in real time ended with a
    /// "receiver silent" gap it never had. The stop now follows the last epoch handed over.
    @Test func aCaptureInRealTimeEndsWithNoGap() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = ""
        for i in 0...10 {
            let time = String(format: "1500%02d.%02d", i / 10, (i % 10) * 10)
            text += NMEAChecksum.seal("$GPRMC,\(time),A,4757.84000,N,00757.11947,E,1.2,0.0,140626,,,A") + "\r\n"
            text += NMEAChecksum.seal("$GPGGA,\(time),4757.84000,N,00757.11947,E,1,09,0.9,400.0,M,48.0,M,,") + "\r\n"
        }
        let capture = dir.appendingPathComponent("ride.nmea")
        try Data(text.utf8).write(to: capture)
        let db = dir.appendingPathComponent("rides.db").path
        let rec = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--realtime", "--replay", capture.path])
        try #require(rec.status == 0, "\(rec.stderr)")
        let ride = try #require(try RideReader(path: db).ride(id: 1))
        #expect(ride.totals.fixCount == 11)
        #expect(ride.totals.gapCount == 0, "\(rec.stderr)")
        #expect(!rec.stderr.contains("receiver silent"), "\(rec.stderr)")
    }
}
