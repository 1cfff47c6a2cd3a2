import RoamPorts
import RoamSystem
import RoamSimulator
import RoamCore
import Synchronization
import Testing
@testable import RoamHardware

/// What the driver finds with every transfer answered (a wrong chip, a stuck status bit, an empty
/// calibration, settings not kept, no probe yet) is a typed finding in words, never an errno.
extension BMP280DriverTests {
    /// A fault the driver found with every transfer answered: a finding of `kind` said in its words,
    /// with no errno and nothing that reads as the kernel's (no "failed:", no "[E…]").
    func expectFinding(_ error: DeviceError?, _ kind: DeviceFinding.Kind, _ words: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let text = error.map { "\($0)" } ?? "no error"
        #expect(error != nil && error?.errno == nil && error?.finding?.kind == kind, "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains(words), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("failed:") && !text.contains("[E"), "\(text)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [(UInt8(0x55), "a BMP180/BMP085"), (0x61, "a BME680"), (0x56, "a BMP280 engineering sample"),
                      (0x57, "a BMP280 engineering sample"), (0xFF, "no chip driving the bus (floating or shorted SDA)"),
                      (0x00, "no chip driving the bus (floating or shorted SDA)"), (0x42, "no Bosch chip this driver knows")])
    func otherChipIDsAreRefusedNamingWhatWasFound(id: UInt8, what: String) {
        bus.attach(FakeBMP280(chipID: id), at: 0x76)
        let baro = driver()
        let error = deviceError { try baro.probe() }
        #expect(error?.operation == .probe)
        // Every transfer answered: the id is what the driver found, not an ENODEV the bus never gave.
        expectFinding(error, .unexpectedChip, "i2c probe on /dev/i2c-1 (addr 0x76, reg 0xD0): "
            + "chip id 0x58 (BMP280) or 0x60 (BME280) expected at 0x76, read \(I2CContext.hex(id)): \(what).")
        let floating = id == 0x00 || id == 0xFF
        #expect(error?.hint == (floating
            ? "Check the SDA and SCL wires and the chip's 3.3 V supply, or correct bmp280_address in board.conf."
            : "Fit a BMP280 or BME280 at 0x76, or correct bmp280_address in board.conf."))
        #expect(bus.transfers.count == 1)  // nothing written to a chip we do not know
        #expect(!baro.isProbed && baro.chip == nil)
    }

    @Test func aProbeThatFindsAnotherChipForgetsTheOldOne() throws {
        let baro = driver()
        try baro.probe()
        #expect(baro.chip == .bmp280)
        bus.attach(FakeBMP280(chipID: 0x61), at: 0x76)  // swapped while unplugged
        expectFinding(deviceError { try baro.reprobe() }, .unexpectedChip, "read 0x61: a BME680")
        #expect(baro.chip == nil && !baro.isProbed)
    }

    @Test func stuckMeasuringBitTimesOutInsteadOfHanging() throws {
        let baro = driver(.weatherMonitoring)
        try baro.probe()
        chip.fault = .stuckMeasuring
        let before = time.nowNs
        let error = deviceError { _ = try baro.sample() }
        expectFinding(error, .stuckStatus, "(addr 0x76, reg 0xF3): measuring still set 26 ms after a forced conversion began: "
            + "the BMP280 never finished it. Check its 3.3 V supply and connector; a re-probe resets the chip.")
        // 6.4 ms of conversion time, then 1 ms polls until the 26.4 ms deadline has passed.
        #expect(time.nowNs - before == 6_425_000 + 27_000_000)
    }

    @Test func stuckNVMCopyTimesOutTheProbe() {
        chip.fault = .stuckNVMCopy
        let error = deviceError { try driver().probe() }
        expectFinding(error, .stuckStatus, "(addr 0x76, reg 0xF3): im_update still set 20 ms after the reset: "
            + "the BMP280 never finished copying its calibration from NVM.")
    }

    /// A probe descheduled between its first look at im_update (set, as right after any reset) and
    /// its deadline check, as on a loaded board: it looks again rather than call the chip stuck.
    @Test func aProbeDescheduledPastItsDeadlineLooksAgainBeforeGivingUp() throws {
        let ns = Atomic<UInt64>(5_000_000_000)
        // Every reading of the clock finds 25 ms gone: more than the 20 ms the NVM copy is given.
        let late = BMP280.Clock(now: { ns.add(25_000_000, ordering: .relaxed).newValue }, sleep: { ns.add($0, ordering: .relaxed) })
        let baro = BMP280(bus: bus, address: 0x76, settings: .indoorNavigation, clock: late)
        try baro.probe()
        #expect(baro.isProbed)
    }

    @Test func sampleBeforeProbeThrows() {
        expectFinding(deviceError { _ = try driver().sample() }, .notSetUp,
                      "i2c read on /dev/i2c-1 (addr 0x76, reg 0xF7): the BMP280 is not set up: no probe has succeeded yet.")
        #expect(bus.transfers.isEmpty)
    }

    /// Trimming registers a chip that did not answer with its own gives. A static list, not a closure
    /// inside `@Test(arguments:)`: Swift 6.0.3's type checker crashes on that (signal 11).
    static let blankCalibrations: [([UInt8], String)] = [
        ([UInt8](repeating: 0xFF, count: 24), "calibration all 0xFF"),
        ([UInt8](repeating: 0x00, count: 24), "calibration all 0x00"),
        (BMP280Calibration.datasheetExample.registers.enumerated().map { $0.offset == 6 || $0.offset == 7 ? 0 : $0.element },
         "calibration with dig_P1 0"),
    ]

    /// What a chip that did not answer with its trimming values gives: no sample is computed from it.
    @Test(arguments: blankCalibrations)
    func anEmptyCalibrationIsNamedAndNothingIsSampled(registers: [UInt8], what: String) throws {
        let calibration = try #require(BMP280Calibration(registers: registers))
        bus.attach(FakeBMP280(calibration: calibration), at: 0x76)
        let baro = driver()
        expectFinding(deviceError { try baro.probe() }, .blankCalibration, "(addr 0x76, reg 0x88): \(what): "
            + "the BMP280 did not answer with its trimming values. Check its wiring and 3.3 V supply, then power-cycle it.")
        #expect(!baro.isProbed)
    }

    /// A chip that does not keep config: another device answering at the same address, say.
    @Test func settingsThatDoNotReadBackAreNamed() {
        bus.attach(IgnoringConfig(chip: chip), at: 0x76)
        let baro = driver()
        expectFinding(deviceError { try baro.probe() }, .settingsNotKept,
                      "(addr 0x76, reg 0xF4): config, ctrl_meas read back 0x00, 0x57 after writing 0x10, 0x57: "
                          + "the BMP280 did not keep its settings.")
        #expect(!baro.isProbed)
    }
}

/// The register-map fake with its config register deaf to writes, as when a second chip shares the address.
private struct IgnoringConfig: I2CPeripheral {
    let chip: FakeBMP280

    func write(_ bytes: [UInt8]) throws(Errno) {
        try chip.write(bytes.first == BMP280Register.config.rawValue ? [bytes[0]] : bytes)
    }

    func read(count: Int) throws(Errno) -> [UInt8] {
        try chip.read(count: count)
    }
}
