import RoamCore
@testable import RoamRecorder
import Testing

/// The LED means what the rider thinks: a receiver dead-reckoning through a tunnel still calls
/// its position a fix (GGA quality 6, mode E), but the ride has none, and the LED says so.
/// Real NMEA through a pseudo-terminal, the recorder and a real LED thread.
@Suite struct LEDUnmeasuredFixTests {
    @Test func aDeadReckonedStretchShowsNoFixBetweenFixes() throws {
        let h = try RecorderHarness()
        var options = Recorder.Options()
        options.commit.commitIntervalS = 0  // one epoch per batch: each one's status is shown
        options.sensor.silentAfterMs = 600_000  // a slow machine's pauses are not a silent receiver
        let (r, led) = try h.recorderWithLED(options: options)
        try r.start()
        r.press()
        let epochs = 30
        for k in 0..<epochs {
            // Epoch k's bytes complete epoch k - 1: each is committed before the next is written.
            let deadReckoned = (10..<20).contains(k)
            try h.replayer.write(EastboundEpoch.nmea(step: k, time: EastboundEpoch.time(hour: 15, second: k),
                                                     quality: deadReckoned ? 6 : 1, letter: deadReckoned ? "E" : "A"))
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
