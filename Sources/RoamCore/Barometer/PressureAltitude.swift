/// Altitude from static pressure in the ICAO standard atmosphere (ICAO Doc 7488), and back.
///
/// Valid in the troposphere (below 11 km, above about 22.6 kPa), which every road and trail is in.
/// Climb is counted from differences of this altitude (P6), so the sea-level reference only shifts
/// the absolute value; the default is the standard 101 325 Pa, and a known QNH can be passed instead.
public enum PressureAltitude {
    /// ICAO standard sea-level pressure, Pa.
    public static let standardSeaLevelPa = 101_325.0
    /// ICAO standard sea-level temperature, K.
    public static let seaLevelTemperatureK = 288.15
    /// Tropospheric temperature lapse rate, K/m.
    public static let lapseRateKPerM = 0.0065
    /// Standard gravity, m/s².
    public static let gravityMPerS2 = 9.80665
    /// Molar mass of dry air, kg/mol.
    public static let molarMassKgPerMol = 0.0289644
    /// Universal gas constant as ICAO uses it, J/(mol·K).
    public static let gasConstant = 8.31432

    /// R·L / (g·M) ≈ 0.190263: the exponent of the barometric formula with a linear lapse rate.
    static let exponent = gasConstant * lapseRateKPerM / (gravityMPerS2 * molarMassKgPerMol)
    /// T₀ / L ≈ 44 330.8 m: the height at which the linear temperature profile would reach 0 K.
    static let scaleHeightM = seaLevelTemperatureK / lapseRateKPerM

    /// Geopotential altitude in metres for `pressurePa`, relative to `seaLevelPa`.
    /// Returns nil for a non-positive or non-finite pressure (no altitude, rather than NaN).
    public static func altitudeM(pressurePa: Double, seaLevelPa: Double = standardSeaLevelPa) -> Double? {
        guard pressurePa > 0, pressurePa.isFinite, seaLevelPa > 0, seaLevelPa.isFinite else { return nil }
        return scaleHeightM * (1 - power(pressurePa / seaLevelPa, exponent))
    }

    /// Pressure in Pa at `altitudeM` above the `seaLevelPa` reference: the exact inverse of `altitudeM`.
    /// Returns nil at or above the height where the formula's temperature reaches 0 K.
    public static func pressurePa(altitudeM: Double, seaLevelPa: Double = standardSeaLevelPa) -> Double? {
        guard altitudeM.isFinite, altitudeM < scaleHeightM, seaLevelPa > 0, seaLevelPa.isFinite else { return nil }
        return seaLevelPa * power(1 - altitudeM / scaleHeightM, 1 / exponent)
    }
}
