import RoamPorts
import RoamSystem
import CShims
import Glibc
import RoamCore

/// The Bosch BMP280 barometer (BST-BMP280-DS001) on an I2C bus: probe, configure, sample, re-probe.
/// A BME280 (id 0x60) is driven the same way for pressure and temperature; see `BMP280Chip`.
///
/// `probe()` runs the start-up sequence; `reprobe()` runs it again after the sensor vanished (a
/// `sample()` threw), which the recorder does with backoff while fixes carry the barometer-missing
/// flag (P6). Time comes from the injected `Clock`, so every wait has a deadline that tests reach
/// deterministically: a stuck status bit is an error, never a hang. A class: it holds the
/// calibration of the chip it last probed, and the recorder and its rig share that one instance.
public final class BMP280 {
    /// Monotonic nanoseconds and sleeping, injected so tests run on simulated time.
    public struct Clock: Sendable {
        public var now: @Sendable () -> UInt64
        public var sleep: @Sendable (_ nanoseconds: UInt64) -> Void
        public init(now: @escaping @Sendable () -> UInt64, sleep: @escaping @Sendable (_ nanoseconds: UInt64) -> Void) {
            self.now = now; self.sleep = sleep
        }

        /// The monotonic clock (`MonotonicClock`): immune to the wall clock jumping when NTP or GNSS sets it.
        public static let monotonic = Clock(now: MonotonicClock.nowNs, sleep: { nanoseconds in MonotonicClock.sleep(ns: nanoseconds) })
    }

    /// Sampling settings: one row of the datasheet's recommended settings (§3.4, Table 7).
    public struct Settings: Sendable, Equatable {
        /// `.normal` (the chip converts by itself) or `.forced` (one conversion per `sample()`).
        public var mode: BMP280Register.Mode
        public var pressure: BMP280Register.Oversampling
        public var temperature: BMP280Register.Oversampling
        public var filter: BMP280Register.Filter
        /// Only used in normal mode.
        public var standby: BMP280Register.Standby

        public init(mode: BMP280Register.Mode, pressure: BMP280Register.Oversampling, temperature: BMP280Register.Oversampling,
                    filter: BMP280Register.Filter, standby: BMP280Register.Standby) {
            self.mode = mode; self.pressure = pressure; self.temperature = temperature
            self.filter = filter; self.standby = standby
        }

        /// The bicycle's choice, Table 7's "indoor navigation" row: normal mode, pressure ×16,
        /// temperature ×2, IIR 16, t_sb 0.5 ms (about 26 Hz, 1.6 cm RMS noise, 650 µA).
        /// - Lowest noise in the table, so the spike filter and the climb counter's 3 m hysteresis
        ///   see height, not noise; 650 µA is nothing next to the board's own draw.
        /// - Normal mode converts continuously, so `sample()` is one burst read that never waits on
        ///   a conversion: the sensor thread keeps reading the UART on time.
        /// - IIR 16 at 26 Hz smooths wind gusts and bumps into the port with a 75 % step response
        ///   of 22 samples, about 0.85 s: far quicker than any real change of height on a bicycle.
        public static let indoorNavigation = Settings(mode: .normal, pressure: .x16, temperature: .x2, filter: .x16, standby: .ms0_5)

        /// Table 7's "weather monitoring" row: one forced ×1/×1 conversion per `sample()`, filter off.
        /// For host-timed sampling (and the forced-mode path in tests); noisier (26 cm RMS).
        public static let weatherMonitoring = Settings(mode: .forced, pressure: .x1, temperature: .x1, filter: .off, standby: .ms0_5)

        /// "config" as written.
        public var config: UInt8 { BMP280Register.config(standby: standby, filter: filter) }
        /// "ctrl_meas" between samples: normal mode, or sleep in forced mode (the chip returns there).
        public var ctrlMeasAtRest: UInt8 {
            BMP280Register.ctrlMeas(temperature: temperature, pressure: pressure, mode: mode == .normal ? .normal : .sleep)
        }
        /// "ctrl_meas" that starts one forced conversion.
        public var ctrlMeasForced: UInt8 { BMP280Register.ctrlMeas(temperature: temperature, pressure: pressure, mode: .forced) }

        /// The maximum measurement time of §3.8.1: 1.25 ms + 2.3 ms per temperature and pressure
        /// conversion + 0.575 ms when pressure is measured. (Bosch gives this formula for the BME280;
        /// it reproduces the BMP280's maximum column, 6.4 ms at ×1/×1 to 43.2 ms at ×16/×2.)
        public var maxMeasurementNs: UInt64 {
            let conversions = UInt64(temperature.factor + pressure.factor)
            return 1_250_000 + 2_300_000 * conversions + (pressure == .skipped ? 0 : 575_000)
        }
    }

    public let bus: any I2CBus
    public let address: UInt16
    public let settings: Settings
    public let clock: Clock
    /// Set by a successful `probe()`; nil before.
    public private(set) var calibration: BMP280Calibration?
    /// The chip the last successful `probe()` found; nil before and after a failed probe.
    public private(set) var chip: BMP280Chip?
    /// What the last probe met when it failed; nil before any probe and after one that succeeded.
    /// The recorder's first probe does not say again what the rig said at start (`HardwareRig.probed`).
    public private(set) var probeFailure: DeviceError?
    /// A sample was read since the last probe: from then on the data never read 0x80000 again
    /// unless the chip was reset (§4.2's reset value), so that value means setting it up again.
    private var measuredSinceProbe = false

    /// Power-on reset to usable registers (datasheet §1, t_startup).
    static let startupNs: UInt64 = 2_000_000
    /// The NVM copy takes microseconds; 20 ms is generous on a loaded 2-core board.
    static let nvmCopyTimeoutNs: UInt64 = 20_000_000
    static let pollIntervalNs: UInt64 = 1_000_000

    /// No bus traffic: call `probe()` before sampling.
    public init(bus: any I2CBus, address: UInt16 = 0x76, settings: Settings = .indoorNavigation,
                clock: Clock = .monotonic) {
        self.bus = bus; self.address = address; self.settings = settings; self.clock = clock
    }

    /// True after a successful probe; a probe that fails clears it. A failed `sample()` does not:
    /// the next sample simply tries again, and a chip that lost its settings is caught by `sample()`.
    public var isProbed: Bool { calibration != nil }

    /// Checks the chip id, soft-resets, waits for the NVM copy, reads the calibration burst and
    /// writes the settings, reading them back.
    public func probe() throws(DeviceError) {
        do {
            try setUp()
            probeFailure = nil
        } catch {
            probeFailure = error
            throw error
        }
    }

    private func setUp() throws(DeviceError) {
        calibration = nil
        chip = nil
        measuredSinceProbe = false
        let id = try bus.readByte(address: address, register: BMP280Register.chipID.rawValue)
        // Any other id has another register map (BMP180, BME680) or unknown errata (BMP280 samples).
        guard let found = BMP280Chip(rawValue: id) else { throw wrongChip(id) }
        // The reset puts every register, the IIR filter included, in a known state, whatever a
        // previous run or a brown-out left behind.
        try bus.writeByte(address: address, register: BMP280Register.reset.rawValue, value: BMP280Register.resetCommand)
        clock.sleep(Self.startupNs)
        try waitWhileStatus(BMP280Register.Status.imUpdate, timeoutNs: Self.nvmCopyTimeoutNs) { ms in
            "im_update still set \(ms) ms after the reset: the \(found.name) never finished copying its calibration from NVM"
        }

        let bytes = try bus.readBlock(address: address, register: BMP280Register.calib00.rawValue,
                                      count: BMP280Calibration.byteCount)
        guard let trimming = BMP280Calibration(registers: bytes), trimming.isPlausible else {
            throw finding(.probe, .calib00, .blankCalibration,
                          "\(Self.calibrationFault(bytes)): the \(found.name) did not answer with its trimming values",
                          hint: "Check its wiring and 3.3 V supply, then power-cycle it.")
        }
        // config before ctrl_meas: once in normal mode the chip may ignore writes to config (§4.3.5).
        try bus.writeByte(address: address, register: BMP280Register.config.rawValue, value: settings.config)
        try bus.writeByte(address: address, register: BMP280Register.ctrlMeas.rawValue, value: settings.ctrlMeasAtRest)
        let config = try bus.readByte(address: address, register: BMP280Register.config.rawValue)
        let ctrlMeas = try bus.readByte(address: address, register: BMP280Register.ctrlMeas.rawValue)
        guard config == settings.config, ctrlMeas == settings.ctrlMeasAtRest else {
            let read = "\(I2CContext.hex(config)), \(I2CContext.hex(ctrlMeas))"
            let written = "\(I2CContext.hex(settings.config)), \(I2CContext.hex(settings.ctrlMeasAtRest))"
            throw finding(.probe, .ctrlMeas, .settingsNotKept,
                          "config, ctrl_meas read back \(read) after writing \(written): the \(found.name) did not keep its settings",
                          hint: "Check for a second device at this address (i2cdetect lists them) and the chip's supply.")
        }
        calibration = trimming
        chip = found
    }

    /// Re-initialises after the sensor disappeared or reset itself: the same sequence as `probe()`,
    /// which is safe on a chip in any state. Throws (a NACK, a wrong id, a timeout) while it is still missing.
    public func reprobe() throws(DeviceError) { try probe() }

    /// One compensated reading, stamped with the monotonic clock when the data were read.
    /// Returns nil when the chip reports a skipped measurement (0x80000 in both values, as it
    /// holds until the first conversion after a probe ends): no sample, never a bogus one. The
    /// settings measure both, so one value at 0x80000 beside a measured one is a real reading.
    public func sample() throws(DeviceError) -> BarometerSample? {
        guard let calibration else {
            throw finding(.read, .pressMSB, .notSetUp, "the BMP280 is not set up: no probe has succeeded yet",
                          hint: "It is probed again while recording; an earlier barometer line in the log says why its probe failed.")
        }
        if settings.mode == .forced { try convertOnce() }
        // One burst over 0xF7…0xFC: the chip shadows the data registers during a burst, so pressure
        // and temperature come from the same conversion (§3.9); separate reads could mix two.
        let data = try bus.readBlock(address: address, register: BMP280Register.pressMSB.rawValue,
                                     count: BMP280Register.dataByteCount)
        let monoNs = clock.now()
        let adcP = BMP280Register.adc(msb: data[0], lsb: data[1], xlsb: data[2])
        let adcT = BMP280Register.adc(msb: data[3], lsb: data[4], xlsb: data[5])
        let skipped = BMP280Compensation.skippedADC
        if adcT == skipped, adcP == skipped {
            try checkStillConfigured()
            guard !measuredSinceProbe else {
                throw finding(.read, .pressMSB, .chipReset,
                              "the \(chipName) was reset and set up again behind the recorder (its data back at the reset value 0x80000)",
                              hint: "Another program probing it, or a fault; re-probe it. If this repeats, check its supply.",
                              detail: "data at the reset value 0x80000 after it had measured")
            }
            return nil
        }
        guard let reading = BMP280Compensation(calibration: calibration).measuredReading(adcT: adcT, adcP: adcP) else {
            return nil
        }
        measuredSinceProbe = true
        return BarometerSample(pressurePa: reading.pressurePa, temperatureC: reading.temperatureC, monoNs: monoNs)
    }

    /// Forced mode: start one conversion, sleep its datasheet maximum, then poll `measuring`.
    /// Sleeping first matters: right after the write the bit may not be set yet.
    private func convertOnce() throws(DeviceError) {
        try bus.writeByte(address: address, register: BMP280Register.ctrlMeas.rawValue, value: settings.ctrlMeasForced)
        clock.sleep(settings.maxMeasurementNs)
        try waitWhileStatus(BMP280Register.Status.measuring, timeoutNs: settings.maxMeasurementNs + 20_000_000) { ms in
            "measuring still set \(ms) ms after a forced conversion began: the \(chipName) never finished it"
        }
    }

    /// Polls "status" until `bit` clears. It gives up only on a look that began at or after the
    /// deadline, and never on the first: a thread descheduled between an early read and its check
    /// (a loaded board) would otherwise give up on a chip that finished long before. `stuck` says
    /// what a bit still set after its timeout (in ms) means.
    private func waitWhileStatus(_ bit: UInt8, timeoutNs: UInt64, stuck: (UInt64) -> String) throws(DeviceError) {
        let deadline = clock.now() + timeoutNs
        var looks = 0
        while true {
            let lookedAt = clock.now()
            let status = try bus.readByte(address: address, register: BMP280Register.status.rawValue)
            looks += 1
            if status & bit == 0 { return }
            if looks > 1 && lookedAt >= deadline {
                throw finding(.read, .status, .stuckStatus, stuck(timeoutNs / 1_000_000),
                              hint: "Check its 3.3 V supply and connector; a re-probe resets the chip.")
            }
            clock.sleep(Self.pollIntervalNs)
        }
    }

    /// A skipped value is normal before the first conversion, but a chip whose ctrl_meas no longer
    /// holds our oversampling has been reset by a supply dip and would report 0x80000 forever.
    private func checkStillConfigured() throws(DeviceError) {
        let ctrlMeas = try bus.readByte(address: address, register: BMP280Register.ctrlMeas.rawValue)
        let osrsMask: UInt8 = 0b1111_1100
        let modeLost = settings.mode == .normal && BMP280Register.Mode(ctrlMeas: ctrlMeas) != .normal
        guard ctrlMeas & osrsMask == settings.ctrlMeasAtRest & osrsMask, !modeLost else {
            throw finding(.read, .ctrlMeas, .chipReset,
                          "the \(chipName) was reset and lost its settings (ctrl_meas back at its power-on value: a supply dip or power-on reset)",
                          hint: "The \(chipName) lost its settings (a supply dip resets it); re-probe it and check its connector.",
                          detail: "ctrl_meas \(I2CContext.hex(ctrlMeas)), expected \(I2CContext.hex(settings.ctrlMeasAtRest))")
        }
    }

    /// "BMP280" or "BME280", once probed.
    private var chipName: String { (chip ?? .bmp280).name }

    private func wrongChip(_ id: UInt8) -> DeviceError {
        let expected = BMP280Chip.allCases.map { "\(I2CContext.hex($0.rawValue)) (\($0.name))" }.joined(separator: " or ")
        let what = BMP280Register.chipName(forID: id) ?? "no Bosch chip this driver knows"
        let at = I2CContext.hex(address)
        let floating = id == 0x00 || id == 0xFF
        return finding(.probe, .chipID, .unexpectedChip, "chip id \(expected) expected at \(at), read \(I2CContext.hex(id)): \(what)",
                       hint: floating ? "Check the SDA and SCL wires and the chip's 3.3 V supply, or correct bmp280_address in board.conf."
                           : "Fit a BMP280 or BME280 at \(at), or correct bmp280_address in board.conf.")
    }

    /// What makes a calibration burst unusable: "calibration all 0xFF", "calibration with dig_P1 0".
    private static func calibrationFault(_ bytes: [UInt8]) -> String {
        if let first = bytes.first, first == 0x00 || first == 0xFF, bytes.allSatisfy({ $0 == first }) {
            return "calibration all \(I2CContext.hex(first))"
        }
        guard let words = BMP280Calibration(registers: bytes) else { return "calibration of \(bytes.count) bytes" }
        let zero = [("dig_T1", words.digT1), ("dig_P1", words.digP1)].filter { $0.1 == 0 }.map(\.0)
        return "calibration with \(zero.joined(separator: " and ")) 0"
    }

    /// What the driver found with every transfer answered: a typed finding in words, with no errno (the bus gave none).
    private func finding(_ operation: DeviceError.Operation, _ register: BMP280Register, _ kind: DeviceFinding.Kind,
                         _ words: String, hint: String, detail: String? = nil) -> DeviceError {
        DeviceError(.i2c, operation, device: bus.device, detail: I2CContext.detail(address: address, register: register.rawValue, detail),
                    finding: DeviceFinding(kind, words), hint: hint)
    }
}
