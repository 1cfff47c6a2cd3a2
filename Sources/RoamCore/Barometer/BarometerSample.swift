/// One compensated barometer reading, stamped with the monotonic clock of the board.
public struct BarometerSample: Sendable, Equatable, Codable {
    public var pressurePa: Double
    /// nil when nothing measured the air's temperature with it (an imported point without one).
    public var temperatureC: Double?
    public var monoNs: UInt64
    public init(pressurePa: Double, temperatureC: Double?, monoNs: UInt64) {
        self.pressurePa = pressurePa; self.temperatureC = temperatureC; self.monoNs = monoNs
    }
}
