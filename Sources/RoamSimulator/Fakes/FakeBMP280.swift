import RoamSystem
import RoamCore
import Synchronization

/// A BMP280 as the driver sees it: a 256-byte register map behind `FakeI2CBus`, with the chip's
/// behaviour where the driver depends on it (datasheet BST-BMP280-DS001):
/// - id 0x58 at 0xD0; the calibration burst at 0x88…0x9F (the datasheet's worked example by default);
/// - a register pointer that auto-increments across a burst read; writes are register/data pairs;
/// - 0xB6 to "reset" restores the reset values, and `status.im_update` shows for one read after;
/// - `ctrl_meas` mode bits drive `status.measuring`: a forced conversion keeps it set for
///   `measuringReads` status reads, then latches the data and returns to sleep mode;
///   normal mode latches fresh data at the start of every read, as the chip's shadowing does;
/// - "config" writes are ignored in normal mode (§4.3.5), so a driver that orders them wrong fails;
/// - the data registers 0xF7…0xFC come from raw ADC values or from a scripted pressure and
///   temperature through an exact numerical inverse of the integer compensation.
public final class FakeBMP280: I2CPeripheral {
    /// Faults the chip can be told to show.
    public enum Fault: Sendable, Equatable {
        /// `status.measuring` never clears and no conversion completes.
        case stuckMeasuring
        /// `status.im_update` never clears.
        case stuckNVMCopy
        /// Every measurement reads 0x80000, as with osrs = 000.
        case skipped
    }

    fileprivate struct State {
        var registers = [UInt8](repeating: 0, count: 256)
        var pointer: UInt8 = 0
        var calibration: BMP280Calibration
        var chipID: UInt8
        var adcT: Int32
        var adcP: Int32
        var fault: Fault?
        var measuringReads: Int
        var measuringLeft = 0
        var imUpdateLeft = 0
        var isConverting = false
        var normalPhase = false
        var conversions = 0
    }

    private let state: Mutex<State>

    /// A powered-up chip in sleep mode. `chipID` 0x60 makes it claim to be a BME280.
    public init(chipID: UInt8 = BMP280Register.bmp280ChipID, calibration: BMP280Calibration = .datasheetExample,
                adcT: Int32 = 519_888, adcP: Int32 = 415_148, measuringReads: Int = 2) {
        var initial = State(calibration: calibration, chipID: chipID, adcT: adcT, adcP: adcP, measuringReads: measuringReads)
        initial.powerOnReset()
        state = Mutex(initial)
    }

    // MARK: Scripting

    /// The next conversion reports these raw ADC values.
    public func setRaw(adcT: Int32, adcP: Int32) { state.withLock { $0.adcT = adcT; $0.adcP = adcP } }

    /// The next conversion reports raw values that the integer compensation turns back into
    /// `pressurePa` (within half an ADC step, about 0.09 Pa) and `temperatureC`.
    public func setAmbient(pressurePa: Double, temperatureC: Double) {
        state.withLock {
            ($0.adcT, $0.adcP) = Self.rawValues(pressurePa: pressurePa, temperatureC: temperatureC, calibration: $0.calibration)
        }
    }

    public var fault: Fault? {
        get { state.withLock { $0.fault } }
        set { state.withLock { $0.fault = newValue } }
    }

    /// What a power cycle does: every register back to its reset value, sleep mode.
    public func powerOnReset() { state.withLock { $0.powerOnReset() } }

    /// A register's current content, without the side effects a bus read has.
    public func peek(_ register: UInt8) -> UInt8 { state.withLock { $0.registers[Int(register)] } }

    /// Conversions completed (forced) or latched (normal) since creation.
    public var conversionCount: Int { state.withLock { $0.conversions } }

    // MARK: I2CPeripheral

    public func write(_ bytes: [UInt8]) throws(Errno) {
        state.withLock { s in
            guard let first = bytes.first else { return }
            s.pointer = first
            // Normal mode: the chip shadows its data registers when a read starts, so a burst is coherent.
            if bytes.count == 1, BMP280Register.Mode(ctrlMeas: s.registers[0xF4]) == .normal, s.fault != .stuckMeasuring {
                s.latch()
            }
            var i = 0
            while i + 1 < bytes.count { s.store(bytes[i + 1], at: bytes[i]); i += 2 }
        }
    }

    public func read(count: Int) throws(Errno) -> [UInt8] {
        state.withLock { s in
            (0..<count).map { _ in
                defer { s.pointer &+= 1 }
                return s.pointer == BMP280Register.status.rawValue ? s.readStatus() : s.registers[Int(s.pointer)]
            }
        }
    }

    // MARK: The inverse of the compensation

    /// Raw ADC values whose integer compensation gives `temperatureC` and the pressure nearest to
    /// `pressurePa`: a binary search on each monotonic formula, then the best of the neighbours
    /// (integer rounding makes the formulas step unevenly). 0x80000 is never returned, so a scripted
    /// ambient never reads as the reset value; `setRaw` scripts that case.
    public static func rawValues(pressurePa: Double, temperatureC: Double,
                                 calibration: BMP280Calibration) -> (adcT: Int32, adcP: Int32) {
        let c = BMP280Compensation(calibration: calibration)
        // t_fine rises with adc_T (dig_T2 > 0); the driver's temperature is t_fine / 5120.
        let adcT = nearest(target: temperatureC * 5120, increasing: true) { Double(c.temperatureInt32(adcT: $0).tFine) }
        let tFine = c.temperatureInt32(adcT: adcT).tFine
        // Pressure falls as adc_P rises (p ∝ 2^20 − adc_P).
        let adcP = nearest(target: pressurePa, increasing: false) { Double(c.pressureInt64(adcP: $0, tFine: tFine) ?? 0) / 256 }
        return (adcT, adcP)
    }

    private static func nearest(target: Double, increasing: Bool, _ f: (Int32) -> Double) -> Int32 {
        let range: ClosedRange<Int32> = 0...0xFFFFF
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if increasing ? f(mid) < target : f(mid) > target { low = mid + 1 } else { high = mid }
        }
        let candidates = (low - 2...low + 2).filter { range.contains($0) && $0 != BMP280Compensation.skippedADC }
        return candidates.min { abs(f($0) - target) < abs(f($1) - target) }!
    }
}

private extension FakeBMP280.State {
    /// Reset values of §4.2: everything 0x00 but the id, the trimming NVM and the data registers,
    /// which read 0x80000 until a conversion ends.
    mutating func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        registers[Int(BMP280Register.chipID.rawValue)] = chipID
        registers.replaceSubrange(0x88..<0x88 + BMP280Calibration.byteCount, with: calibration.registers)
        registers.replaceSubrange(0xF7...0xFC, with: [0x80, 0, 0, 0x80, 0, 0])
        pointer = 0
        imUpdateLeft = 1
        measuringLeft = 0
        isConverting = false
    }

    mutating func store(_ value: UInt8, at register: UInt8) {
        switch BMP280Register(rawValue: register) {
        case .reset where value == BMP280Register.resetCommand:
            powerOnReset()
        case .ctrlMeas:
            registers[0xF4] = value
            switch BMP280Register.Mode(ctrlMeas: value) {
            case .forced: startConversion()
            case .normal where fault != .stuckMeasuring: latch()
            default: break
            }
        case .config where BMP280Register.Mode(ctrlMeas: registers[0xF4]) != .normal:
            registers[0xF5] = value
        default:
            break  // read-only, ignored in this mode, or not a register the fake models
        }
    }

    mutating func startConversion() {
        isConverting = true
        measuringLeft = measuringReads
        if measuringLeft == 0, fault != .stuckMeasuring { completeConversion() }
    }

    mutating func completeConversion() {
        isConverting = false
        latch()
        registers[0xF4] &= 0b1111_1100  // forced mode ends in sleep mode
    }

    mutating func readStatus() -> UInt8 {
        var status: UInt8 = 0
        if imUpdateLeft > 0 || fault == .stuckNVMCopy {
            status |= BMP280Register.Status.imUpdate
            imUpdateLeft = max(0, imUpdateLeft - 1)
        }
        if fault == .stuckMeasuring {
            status |= BMP280Register.Status.measuring
        } else if isConverting {
            status |= BMP280Register.Status.measuring
            measuringLeft -= 1
            if measuringLeft <= 0 { completeConversion() }
        } else if BMP280Register.Mode(ctrlMeas: registers[0xF4]) == .normal {
            // Normal mode cycles on its own: show the bit on every other read.
            normalPhase.toggle()
            if normalPhase { status |= BMP280Register.Status.measuring }
        }
        return status
    }

    /// Copies the current raw values into 0xF7…0xFC, honouring skipped measurements (osrs = 000).
    mutating func latch() {
        let ctrl = registers[0xF4]
        let skipped = BMP280Compensation.skippedADC
        let p = fault == .skipped || (ctrl >> 2) & 0b111 == 0 ? skipped : adcP
        let t = fault == .skipped || ctrl >> 5 == 0 ? skipped : adcT
        func bytes(_ v: Int32) -> [UInt8] {
            [UInt8(truncatingIfNeeded: v >> 12), UInt8(truncatingIfNeeded: v >> 4), UInt8(truncatingIfNeeded: (v & 0xF) << 4)]
        }
        registers.replaceSubrange(0xF7...0xFC, with: bytes(p) + bytes(t))
        conversions += 1
    }
}
