import RoamPorts
import RoamSimulator
import RoamCore
@testable import RoamHardware
import Testing

/// A bus missing at start (i2c-dev loaded late): each transfer retries the open and throws its
/// error until the bus is there; then the real BMP280 driver probes and samples through it.
@Suite struct ReopeningI2CBusTests {
    final class LateBus: @unchecked Sendable {
        var opensLeftToFail: Int
        var opens = 0
        let fake = FakeI2CBus(device: "/dev/i2c-1")
        init(failing: Int) { opensLeftToFail = failing }

        func open(_ device: String) throws(DeviceError) -> any I2CBus {
            opens += 1
            guard opensLeftToFail == 0 else {
                opensLeftToFail -= 1
                throw DeviceError(.i2c, .open, device: device, errno: .noSuchFile)
            }
            return fake
        }
    }

    @Test func aLateBusIsOpenedByTheReprobeAndTheSensorAnswers() throws {
        let late = LateBus(failing: 2)
        let chip = FakeBMP280()
        chip.setAmbient(pressurePa: 97_000, temperatureC: 12)
        late.fake.attach(chip, at: 0x76)
        let bus = ReopeningI2CBus(device: "/dev/i2c-1", open: late.open)
        #expect(!bus.isOpen && bus.openError?.errno == .noSuchFile)   // the open at start failed
        let sensor = BMP280(bus: bus, address: 0x76)
        #expect(throws: DeviceError.self) { try sensor.reprobe() }    // second open fails too
        #expect(late.opens == 2)
        try sensor.reprobe()                                           // third open finds it
        #expect(bus.isOpen && bus.openError == nil)
        var sample: BarometerSample?
        for _ in 0..<5 where sample == nil { sample = try sensor.sample() }
        #expect(sample.map { abs($0.pressurePa - 97_000) < 0.2 } == true)
        #expect(late.opens == 3)   // once open, never reopened
    }
}
