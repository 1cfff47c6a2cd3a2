import RoamCore

/// One barometer reading, as the BMP280's compensation formulas would return it.
public struct BarometerReading: Sendable, Equatable {
    public var pressurePa: Double
    public var temperatureC: Double

    public init(pressurePa: Double, temperatureC: Double) {
        self.pressurePa = pressurePa
        self.temperatureC = temperatureC
    }
}

/// What a BMP280 on the handlebar reads each second: the standard-atmosphere pressure of the
/// true altitude, plus the weather's drift, plus sensor noise; and a mild, slowly varying temperature.
public struct BarometerTruth: Sendable {
    /// RMS pressure noise of the BMP280 in ultra-high-resolution mode (datasheet: 1.3 Pa, rounded up).
    public static let noiseRmsPa = 1.5
    private var rng: SeededGenerator
    private let startAltitudeM: Double

    public init(seed: UInt64, startAltitudeM: Double) {
        rng = SeededGenerator(seed: seed)
        self.startAltitudeM = startAltitudeM
    }

    /// ICAO standard atmosphere, troposphere: p = 101325 Pa · (1 − 2.25577e-5 · h)^5.25588,
    /// h in metres above sea level. The same formula turns pressure back into altitude in RoamCore.
    public static func standardPressurePa(altitudeM: Double) -> Double {
        101_325 * power(1 - 2.25577e-5 * altitudeM, 5.25588)
    }

    /// The pressure a noiseless sensor would read: altitude and weather, nothing else.
    public static func noiselessPressurePa(for truth: TruthSample) -> Double {
        standardPressurePa(altitudeM: truth.altitudeM) + truth.weatherDriftPa
    }

    /// The reading for `truth.second`. Call once per second, in order.
    public mutating func reading(for truth: TruthSample) -> BarometerReading {
        let pressure = Self.noiselessPressurePa(for: truth) + rng.gaussian(sigma: Self.noiseRmsPa)
        // 20 °C ± 1.2 °C over a 40-minute swing, cooler by the standard 6.5 °C/km lapse rate as
        // the road climbs: stays within 18–22 °C for any climb under 120 m.
        let swing = 1.2 * sine(2 * Double.pi * Double(truth.second) / 2_400 + 0.7)
        let lapse = -0.0065 * (truth.altitudeM - startAltitudeM)
        let temperature = 20 + swing + lapse + rng.gaussian(sigma: 0.02)
        return BarometerReading(pressurePa: pressure, temperatureC: temperature)
    }
}
