import RoamSimulator
import RoamCore
import RoamHardware
@testable import RoamRecorder
import RoamStore
import Testing

/// P5/P6 end to end: a barometer that stops answering mid-ride leaves fixes flagged
/// barometer-missing, and the ride itself says why and where it came back (events
/// `barometer-missing` and `barometer-back` at the fixes they begin and end at), not only the log.
/// The real recorder over a pseudo-terminal, the real BMP280 driver over the register-map fake.
@Suite struct BarometerStretchTests {
    @Test func aBarometerThatStopsAnsweringIsRecordedInTheRideWithItsCause() throws {
        let h = try RecorderHarness()
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        let chip = FakeBMP280()
        chip.setAmbient(pressurePa: 96_000, temperatureC: 15)
        bus.attach(chip, at: 0x76)
        let barometer = BMP280(bus: bus, address: 0x76)
        try barometer.probe()
        var options = Recorder.Options()
        options.sensor.barometerRetryMs = 0   // re-probed at every epoch while missing
        let r = try h.recorder(options: options, barometer: barometer)
        try r.start()
        r.press()
        try h.feed(4)
        #expect(h.waitForAck(through: 3))
        bus.vanish(address: 0x76, errno: .remoteIO)   // the connector shook loose
        try h.feed(3)
        #expect(h.waitForAck(through: 6), "\(h.events.all)")
        bus.reappear(address: 0x76)
        try h.feed(6)
        #expect(h.waitForAck(through: 12))
        r.stop()

        let reader = try h.reader()
        let ride = try #require(try reader.rides().last)
        var stretches = BarometerStretches(altitudeSource: .barometer)
        try reader.forEachFix(ride: ride.id) { stretches.add(seq: $0.seq, utcMs: $0.utcMs, flags: $0.flags) }
        let events = try reader.events(ride: ride.id)
        let named = stretches.named(by: events)
        let words = "the barometer did not answer: nothing answered on the bus (no acknowledge)"
        let outage = try #require(named.first { $0.firstSeq >= 4 }, "\(named)")
        #expect(outage.cause == words)
        let missing = events.filter { $0.kind == .barometerMissing }
        let back = events.filter { $0.kind == .barometerBack }
        #expect(missing.map(\.beforeSeq) == [outage.firstSeq] && missing.map(\.detail) == [words])
        #expect(back.map(\.beforeSeq) == [outage.lastSeq + 1], "back at the first fix with pressure again")
    }
}
