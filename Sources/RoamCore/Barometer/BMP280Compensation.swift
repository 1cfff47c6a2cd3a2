/// The BMP280 compensation formulas of datasheet BST-BMP280-DS001, both flavours:
/// §3.11.3 (32-bit integer temperature, 64-bit integer pressure) and §8.1 (double precision).
/// The operations follow the datasheet's C code step by step so a reviewer can compare them line by line.
///
/// Integer arithmetic wraps (`&+`, `&*`) as the datasheet's C does on the target CPU: garbage from a
/// glitching bus must give a garbage number that later filters flag, never a trap (P3).
public struct BMP280Compensation: Sendable, Equatable {
    public var calibration: BMP280Calibration

    /// What the data registers hold when a measurement was skipped (osrs = 000), and after reset
    /// until the first conversion ends (datasheet §3.3.1, Table 21).
    public static let skippedADC: Int32 = 0x80000

    public init(calibration: BMP280Calibration) { self.calibration = calibration }

    /// One compensated reading.
    public struct Reading: Sendable, Equatable {
        public var temperatureC: Double
        public var pressurePa: Double
        public init(temperatureC: Double, pressurePa: Double) {
            self.temperatureC = temperatureC; self.pressurePa = pressurePa
        }
    }

    /// Compensates one raw pair through the integer formulas (bit-exact on every CPU, which keeps
    /// `rederive` and the fake's inverse reproducible). Returns nil when either value is the
    /// skipped marker or the pressure formula's division guard trips: no reading, not a bogus one.
    public func reading(adcT: Int32, adcP: Int32) -> Reading? {
        guard adcT != Self.skippedADC, adcP != Self.skippedADC else { return nil }
        return measuredReading(adcT: adcT, adcP: adcP)
    }

    /// `reading` for a pair known to be measured, 0x80000 included: a chip measuring both values
    /// updates both registers at the end of each conversion (§3.9), so a temperature that is not
    /// the marker makes a pressure of exactly 0x80000 a real one. Nil only at the division guard.
    public func measuredReading(adcT: Int32, adcP: Int32) -> Reading? {
        let (centidegrees, tFine) = temperatureInt32(adcT: adcT)
        guard let q24_8 = pressureInt64(adcP: adcP, tFine: tFine) else { return nil }
        return Reading(temperatureC: Double(centidegrees) / 100, pressurePa: Double(q24_8) / 256)
    }

    // MARK: Integer formulas (§3.11.3)

    /// Temperature in 0.01 °C ("5123" is 51.23 °C) and t_fine, the fine temperature the pressure
    /// formula needs. 32-bit signed arithmetic, as in the datasheet.
    public func temperatureInt32(adcT: Int32) -> (centidegreesC: Int32, tFine: Int32) {
        let t1 = Int32(calibration.digT1), t2 = Int32(calibration.digT2), t3 = Int32(calibration.digT3)
        let var1 = (((adcT >> 3) &- (t1 << 1)) &* t2) >> 11
        let d = (adcT >> 4) &- t1
        let var2 = (((d &* d) >> 12) &* t3) >> 14
        let tFine = var1 &+ var2
        return ((tFine &* 5 &+ 128) >> 8, tFine)
    }

    /// Pressure in Pa as unsigned Q24.8 ("24674867" is 24674867 / 256 = 96386.2 Pa), 64-bit signed
    /// arithmetic. Returns nil where the datasheet returns 0 to avoid dividing by zero.
    public func pressureInt64(adcP: Int32, tFine: Int32) -> UInt32? {
        let c = calibration
        var var1 = Int64(tFine) &- 128_000
        var var2 = var1 &* var1 &* Int64(c.digP6)
        var2 = var2 &+ ((var1 &* Int64(c.digP5)) << 17)
        var2 = var2 &+ (Int64(c.digP4) << 35)
        var1 = ((var1 &* var1 &* Int64(c.digP3)) >> 8) &+ ((var1 &* Int64(c.digP2)) << 12)
        var1 = (((Int64(1) << 47) &+ var1) &* Int64(c.digP1)) >> 33
        guard var1 != 0 else { return nil }
        var p = 1_048_576 &- Int64(adcP)
        let (quotient, overflow) = (((p << 31) &- var2) &* 3125).dividedReportingOverflow(by: var1)
        guard !overflow else { return nil }
        p = quotient
        var1 = (Int64(c.digP9) &* (p >> 13) &* (p >> 13)) >> 25
        var2 = (Int64(c.digP8) &* p) >> 19
        p = ((p &+ var1 &+ var2) >> 8) &+ (Int64(c.digP7) << 4)
        return UInt32(truncatingIfNeeded: p)
    }

    // MARK: Double-precision formulas (§8.1)

    /// Temperature in °C and t_fine, in double precision.
    public func temperatureDouble(adcT: Int32) -> (degreesC: Double, tFine: Int32) {
        let adc = Double(adcT), t1 = Double(calibration.digT1)
        let var1 = (adc / 16384.0 - t1 / 1024.0) * Double(calibration.digT2)
        let d = adc / 131072.0 - t1 / 8192.0
        let var2 = (d * d) * Double(calibration.digT3)
        // The C cast truncates toward zero; clamping only matters for values no real part produces.
        let tFine = Int32(clamping: Int64((var1 + var2).rounded(.towardZero)))
        return ((var1 + var2) / 5120.0, tFine)
    }

    /// Pressure in Pa in double precision. Returns nil where the datasheet returns 0.
    /// The §8.1 code passes t_fine truncated to 32 bits: pass `Double(tFine)` to follow it exactly.
    /// The datasheet's worked example carries t_fine unrounded (`degreesC × 5120`), which is why
    /// it prints 100 653.27 Pa where the code computes 100 653.26 Pa.
    public func pressureDouble(adcP: Int32, tFine: Double) -> Double? {
        let c = calibration
        var var1 = tFine / 2.0 - 64000.0
        var var2 = var1 * var1 * Double(c.digP6) / 32768.0
        var2 = var2 + var1 * Double(c.digP5) * 2.0
        var2 = (var2 / 4.0) + (Double(c.digP4) * 65536.0)
        var1 = (Double(c.digP3) * var1 * var1 / 524288.0 + Double(c.digP2) * var1) / 524288.0
        var1 = (1.0 + var1 / 32768.0) * Double(c.digP1)
        guard var1 != 0 else { return nil }
        var p = 1_048_576.0 - Double(adcP)
        p = (p - (var2 / 4096.0)) * 6250.0 / var1
        var1 = Double(c.digP9) * p * p / 2_147_483_648.0
        var2 = p * Double(c.digP8) / 32768.0
        return p + (var1 + var2 + Double(c.digP7)) / 16.0
    }
}
