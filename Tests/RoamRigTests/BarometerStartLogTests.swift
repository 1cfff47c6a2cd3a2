import RoamCore
import RoamHardware
@testable import RoamRecorder
@testable import RoamRig
import RoamSimulator
import Testing

/// A barometer whose probe at start failed is said once in the log: by the rig at start, and at
/// the first epoch of a ride (where the recorder probes it again) only when that probe found
/// something else, or that it answers now. The log here: the rig's reports, then the recorder's
/// barometer events as the journal shows them (ProgressPrinter).
@Suite struct BarometerStartLogTests {
    let bus = FakeI2CBus(device: "/dev/i2c-1")
    let reports = HardwareRigTests.Reports()

    /// The rig's probe at start, on the fake bus.
    func started() -> BMP280 { HardwareRig.probed(BMP280(bus: bus, address: 0x76), reports.add) }

    /// The log after the first `epochs` epochs of a ride, the sensor probed again at each (retry 0 ms).
    func log(_ sensor: BMP280, epochs: Int = 3) -> [String] {
        let said = HardwareRigTests.Reports()
        var poller = BarometerPoller(barometer: sensor, retryMs: 0) { event in
            if case .barometerMissing(let reason) = event { said.add("barometer missing: " + reason) }
            if case .barometerBack = event { said.add("barometer back") }
        }
        for n in 1...epochs { _ = poller.sample(now: UInt64(n)) }
        return reports.all + said.all
    }

    static let bme680 = "i2c probe on /dev/i2c-1 (addr 0x76, reg 0xD0): chip id 0x58 (BMP280) or 0x60 (BME280) expected at 0x76, read 0x61: a BME680."

    @Test func theSameFindingIsNotSaidAgainAtTheFirstEpoch() {
        bus.attach(FakeBMP280(chipID: 0x61), at: 0x76)
        let log = log(started())
        #expect(log.count == 1 && log[0].hasPrefix("barometer: " + Self.bme680), "\(log)")
    }

    @Test func anotherFindingAtTheFirstEpochIsSaid() {
        let sensor = started()   // nothing at the address yet
        bus.attach(FakeBMP280(chipID: 0x61), at: 0x76)
        let log = log(sensor)
        #expect(log.count == 2 && log[0].contains("nothing answered on the bus") && log[1].hasPrefix("barometer missing: " + Self.bme680), "\(log)")
    }

    @Test func aBarometerThatAnswersAtTheFirstEpochIsSaidBack() {
        let sensor = started()
        bus.attach(FakeBMP280(), at: 0x76)
        let log = log(sensor)
        #expect(log.count == 2 && log[0].contains("nothing answered on the bus") && log[1] == "barometer back", "\(log)")
    }

    /// A bus not there at start: the rig says so, and the first epoch's probe, which finds it still
    /// missing, says nothing more.
    @Test func aBusMissingAtStartIsSaidOnce() throws {
        let pty = try PseudoTerminal()
        let rig = try HardwareRig(profile: try HardwareRigTests().profile(uart: pty.secondaryPath), report: reports.add)
        let sensor = try #require(rig.barometer)
        let log = log(sensor).filter { $0.hasPrefix("barometer") }
        #expect(log.count == 1 && log[0].hasPrefix("barometer: i2c open on /dev/i2c-99 failed: it does not exist."), "\(log)")
    }
}
