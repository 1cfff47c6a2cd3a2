/// Everything the bench board produces in one second of a simulated ride.
public struct SimulatedSecond: Sendable, Equatable {
    /// Seconds since the start press; equals `truth.second`.
    public var second: Int
    /// UTC of the epoch, in milliseconds since 1970, as the sentences carry it.
    public var utcMs: Int64
    /// The epoch's sentences, concatenated, exactly as they go down the UART.
    public var nmea: [UInt8]
    /// The values the fake BMP280 register map encodes for this second.
    public var pressurePa: Double
    public var temperatureC: Double
    public var truth: TruthSample
    /// True on the one epoch whose position was thrown off by `RideSimulation`'s spike.
    public var isSpike: Bool

    public init(
        second: Int, utcMs: Int64, nmea: [UInt8], pressurePa: Double, temperatureC: Double,
        truth: TruthSample, isSpike: Bool
    ) {
        self.second = second
        self.utcMs = utcMs
        self.nmea = nmea
        self.pressurePa = pressurePa
        self.temperatureC = temperatureC
        self.truth = truth
        self.isSpike = isSpike
    }
}
