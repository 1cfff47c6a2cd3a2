/// A stretch of road of a bench route, in a local frame: headings are degrees clockwise from
/// true north, lengths are horizontal metres along the road.
public struct BenchRoad: Sendable, Equatable {
    public var lengthM: Double
    /// Height gained over the stretch; negative for a descent. The grade varies smoothly along
    /// the stretch but never changes sign, so the true ascent of the stretch is exactly `max(0, climbM)`.
    public var climbM: Double
    /// The rider's cruising speed; the rider accelerates towards it and brakes for halts.
    public var speedMps: Double
    public var fromHeadingDeg: Double
    /// Heading at the end; the road bends evenly from `fromHeadingDeg` to this.
    public var toHeadingDeg: Double

    public init(lengthM: Double, climbM: Double, speedMps: Double, fromHeadingDeg: Double, toHeadingDeg: Double) {
        precondition(lengthM > 0 && speedMps > 0, "a road needs a length and a speed")
        self.lengthM = lengthM
        self.climbM = climbM
        self.speedMps = speedMps
        self.fromHeadingDeg = fromHeadingDeg
        self.toHeadingDeg = toHeadingDeg
    }
}

/// One step of a bench route's script.
public enum RouteLeg: Sendable, Equatable {
    /// Open sky: the receiver has a fix.
    case road(BenchRoad)
    /// The receiver has no fix strictly inside; the rider keeps moving.
    case tunnel(BenchRoad)
    /// The rider brakes to a halt and stands for `seconds`. The air pressure changes by
    /// `weatherDriftPa` spread evenly over the stop (negative: falling, as before a front).
    case stop(seconds: Int, weatherDriftPa: Double)
}
