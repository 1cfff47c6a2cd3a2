import RoamCore
@testable import RoamRecorder
import Testing

/// The LED means what the rider thinks: a receiver dead-reckoning through a tunnel still calls
/// its position a fix (GGA quality 6, mode E), but the ride has none, and the LED says so.
/// Real NMEA through a pseudo-terminal, the recorder and a real LED thread.
@Suite struct LEDUnmeasuredFixTests {
    /// Epoch `k` at 15:00:k on 2026-06-14, 8 m east per second: measured (quality 1, mode A) or dead-reckoned.
    private static func epoch(_ k: Int, deadReckoned: Bool) -> [UInt8] {
        let time = "1500\(k < 10 ? "0" : "")\(k).00"
        let thousandths = 57_000 + k * 6
        let lon = "007\(thousandths / 1000).\(String(thousandths % 1000 + 1000).dropFirst()),E"
        let (quality, letter) = deadReckoned ? (6, "E") : (1, "A")
        return Array([
            "$GPRMC,\(time),A,4757.840,N,\(lon),15.6,90.0,140626,,,\(letter)",
            "$GPGGA,\(time),4757.840,N,\(lon),\(quality),09,0.9,400.0,M,48.0,M,,",
        ].map { NMEAChecksum.seal($0) + "\r\n" }.joined().utf8)
    }

    @Test func aDeadReckonedStretchShowsNoFixBetweenFixes() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.commitIntervalS = 0  // one epoch per batch: each one's status is shown
        options.sensor.silentAfterMs = 600_000  // a slow machine's pauses are not a silent receiver
        let (r, led) = try h.recorderWithLED(options: options)
        r.start()
        r.press()
        let epochs = 30
        for k in 0..<epochs {
            // Epoch k's bytes complete epoch k - 1: each is committed before the next is written.
            try h.replayer.write(Self.epoch(k, deadReckoned: (10..<20).contains(k)))
            if k > 0 { #expect(h.waitForAck(through: Int64(k - 1))) }
        }
        #expect(h.waitForAck(through: Int64(epochs - 1)))
        let history = led.statusHistory
        r.stop()
        #expect(history == [.idle, .waitingForFix, .recording, .waitingForFix, .recording], "\(history)")
        let cursor = try h.reader().fixes(ride: try #require(try h.reader().rides().last).id)
        var unmeasured: [Int64] = []
        while let fix = try cursor.next() { if fix.flags.contains(.unmeasuredPosition) { unmeasured.append(fix.seq) } }
        #expect(unmeasured == Array(10..<20))
    }
}
