/// One epoch of a simulated ride at the rate the module was set to: at 1 Hz each is a whole
/// second (`SimulatedSecond`), at 10 Hz nine more lie between two seconds.
public struct SimulatedEpoch: Sendable, Equatable {
    /// Milliseconds since the ride's second 0 (the start press).
    public var offsetMs: Int64
    /// UTC of the epoch, in milliseconds since 1970, as the sentences carry it.
    public var utcMs: Int64
    /// The epoch's sentences, concatenated, exactly as they go down the UART.
    public var nmea: [UInt8]
    /// What the fake BMP280 reads while this epoch is sampled.
    public var pressurePa: Double
    public var temperatureC: Double
    /// The ride's second when the epoch falls on a whole one (trials hold the ride there); nil between.
    public var wholeSecond: Int?

    public init(offsetMs: Int64, utcMs: Int64, nmea: [UInt8], pressurePa: Double, temperatureC: Double, wholeSecond: Int?) {
        self.offsetMs = offsetMs
        self.utcMs = utcMs
        self.nmea = nmea
        self.pressurePa = pressurePa
        self.temperatureC = temperatureC
        self.wholeSecond = wholeSecond
    }
}
