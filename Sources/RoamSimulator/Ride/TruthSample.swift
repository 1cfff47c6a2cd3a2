/// The true state of the bench ride at one whole second: what a perfect receiver and a perfect
/// barometer would report. Ground-truth tests compare the pipeline against these values.
public struct TruthSample: Sendable, Equatable {
    /// Seconds since the start button press.
    public var second: Int
    public var latDeg: Double
    public var lonDeg: Double
    /// Height above mean sea level.
    public var altitudeM: Double
    /// Horizontal distance travelled along the road since second 0.
    public var distanceM: Double
    /// Mean speed over the second that ends here (distance step / 1 s).
    public var speedMps: Double
    /// Heading of the road at this point, degrees clockwise from true north, in [0, 360).
    public var headingDeg: Double
    /// True when the rider did not move during the second that ends here.
    public var isStopped: Bool
    /// True when the receiver has no fix (strictly inside a tunnel).
    public var isInTunnel: Bool
    /// Weather's contribution to air pressure so far (0 at the start), separate from altitude.
    public var weatherDriftPa: Double

    public init(
        second: Int, latDeg: Double, lonDeg: Double, altitudeM: Double, distanceM: Double,
        speedMps: Double, headingDeg: Double, isStopped: Bool, isInTunnel: Bool, weatherDriftPa: Double
    ) {
        self.second = second
        self.latDeg = latDeg
        self.lonDeg = lonDeg
        self.altitudeM = altitudeM
        self.distanceM = distanceM
        self.speedMps = speedMps
        self.headingDeg = headingDeg
        self.isStopped = isStopped
        self.isInTunnel = isInTunnel
        self.weatherDriftPa = weatherDriftPa
    }
}
