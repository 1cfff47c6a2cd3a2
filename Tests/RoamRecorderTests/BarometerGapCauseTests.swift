import RoamPorts
import RoamSimulator
import RoamCore
import RoamHardware
import RoamSystem
@testable import RoamRecorder
import Glibc
import Testing

/// The cause a ride records for a stretch without pressure (`show`, the ride page) when the driver
/// found the fault itself, every transfer answered: its finding, never an errno name the bus did not give;
/// when the bus gave one, what happened in plain words (`Errno.words`), never the errno's name.
@Suite struct BarometerGapCauseTests {
    let bus = FakeI2CBus(device: "/dev/i2c-1")

    /// The cause of the stretch that the sensor thread's first epoch begins.
    func firstCause(_ barometer: BMP280) -> String? {
        var poller = BarometerPoller(barometer: barometer, retryMs: 0, emit: { _ in })
        guard case .barometerMissing(_, let cause)? = poller.sample(now: 1).1 else { return nil }
        return cause
    }

    /// The rig keeps a barometer whose probe at start failed (`HardwareRig.probed`), or whose bus was
    /// not there yet: the recorder's first sample probes it again, so the ride records why it has no
    /// pressure (what the probe met), never that the driver was not set up.
    @Test(arguments: [
        ("another chip", "chip id 0x58 (BMP280) or 0x60 (BME280) expected at 0x76, read 0x61: a BME680"),
        ("nothing", "the barometer did not answer: nothing answered on the bus (no acknowledge)"),
        ("no bus", "the barometer's I2C bus could not be opened: it does not exist"),
    ])
    func aBarometerWhoseStartFailedIsProbedFirstAndSaysWhy(atStart: String, cause: String) {
        let busMissing = atStart == "no bus"
        let onBoard = ReopeningI2CBus(device: "/dev/i2c-1") { [bus] (device: String) throws(DeviceError) -> any I2CBus in
            guard !busMissing else { throw DeviceError(.i2c, .open, device: device, errno: .noSuchFile) }
            return bus
        }
        if atStart == "another chip" { bus.attach(FakeBMP280(chipID: 0x61), at: 0x76) }
        let barometer = BMP280(bus: onBoard, address: 0x76)
        #expect(throws: DeviceError.self) { try barometer.probe() }
        #expect(firstCause(barometer) == cause)
    }

    @Test func aConversionThatNeverEndsIsNotABusError() throws {
        let chip = FakeBMP280()
        bus.attach(chip, at: 0x76)
        let barometer = BMP280(bus: bus, address: 0x76, settings: .weatherMonitoring)
        try barometer.probe()
        chip.fault = .stuckMeasuring
        #expect(firstCause(barometer) == "measuring still set 26 ms after a forced conversion began: the BMP280 never finished it")
    }

    @Test func anotherChipAtTheAddressHasNotGoneAway() {
        bus.attach(FakeBMP280(chipID: 0x61), at: 0x76)
        var words: String?
        do { try BMP280(bus: bus, address: 0x76).probe() } catch { words = BarometerGapCause.words(for: error) }
        #expect(words == "chip id 0x58 (BMP280) or 0x60 (BME280) expected at 0x76, read 0x61: a BME680")
    }

    /// What the bus said, in the words every other message says it in; the errno's name stays in
    /// the log. ENXIO is how some adapters say EREMOTEIO's "no acknowledge".
    @Test(arguments: [Errno.remoteIO, .noSuchDeviceOrAddress, .ioError, .noSuchFile, .noSuchDevice, .busy, .timedOut,
                      Errno(rawValue: ESHUTDOWN)])
    func aBusErrorIsRecordedInWordsWithoutItsName(errno: Errno) {
        let words = (errno == .noSuchDeviceOrAddress ? Errno.remoteIO : errno).words
        for operation in [DeviceError.Operation.open, .read] {
            let cause = BarometerGapCause.words(for: DeviceError(.i2c, operation, device: "/dev/i2c-1", errno: errno))
            #expect(!cause.contains(errno.name) && !cause.contains("errno"), "\(cause)")
            #expect(cause.hasSuffix(": " + words), "\(cause)")
        }
    }
}
