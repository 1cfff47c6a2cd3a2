/// A scripted ride with a known truth: roads, tunnels and stops laid out from a start point,
/// ridden at 1 Hz by `RouteIntegrator`. Everything here is derived from the legs alone; the
/// seed of a `RideSimulation` only changes the sensor noise, never the truth.
public struct SimulatedRoute: Sendable {
    public let name: String
    public let startLatDeg: Double
    public let startLonDeg: Double
    public let startAltitudeM: Double
    public let legs: [RouteLeg]

    /// One sample per second, from the start press (second 0) to the halt at the end.
    public let samples: [TruthSample]
    /// Horizontal length of the whole road, tunnels included.
    public let trueLengthM: Double
    /// The length a gap-honest pipeline can measure: every one-second step that starts or ends
    /// without a fix is left out, i.e. the road from the last fix before a tunnel to the first after it.
    public let trueLengthExcludingTunnelM: Double
    /// Sum of the rises and of the falls of the true altitude between consecutive seconds (no noise,
    /// no weather). Sampling at 1 Hz shaves a few centimetres off each summit, as it does for any logger.
    public let trueAscentM: Double
    public let trueDescentM: Double
    /// Seconds during which the rider moved (the one-second steps with a non-zero distance).
    public let movingSeconds: Int
    /// The seconds of each scripted stop: the rider stands still at every one of them.
    public let stopSeconds: [Range<Int>]
    /// The seconds with no fix, one range per tunnel.
    public let tunnelSeconds: [Range<Int>]

    public init(name: String, startLatDeg: Double, startLonDeg: Double, startAltitudeM: Double, legs: [RouteLeg]) {
        precondition(legs.contains { if case .stop = $0 { false } else { true } }, "a route needs a road")
        self.name = name
        self.startLatDeg = startLatDeg
        self.startLonDeg = startLonDeg
        self.startAltitudeM = startAltitudeM
        self.legs = legs
        let ride = RouteIntegrator.integrate(
            startLatDeg: startLatDeg, startLonDeg: startLonDeg, startAltitudeM: startAltitudeM, legs: legs)
        samples = ride.samples
        stopSeconds = ride.stopSeconds
        trueLengthM = samples[samples.count - 1].distanceM

        var visible = 0.0, ascent = 0.0, descent = 0.0, moving = 0
        var tunnels: [Range<Int>] = []
        for (before, after) in zip(samples, samples.dropFirst()) {
            if !before.isInTunnel && !after.isInTunnel { visible += after.speedMps }
            let rise = after.altitudeM - before.altitudeM
            if rise > 0 { ascent += rise } else { descent -= rise }
            if after.speedMps > 0 { moving += 1 }
        }
        for sample in samples where sample.isInTunnel {
            if let last = tunnels.last, last.upperBound == sample.second {
                tunnels[tunnels.count - 1] = last.lowerBound..<(sample.second + 1)
            } else {
                tunnels.append(sample.second..<(sample.second + 1))
            }
        }
        trueLengthExcludingTunnelM = visible
        trueAscentM = ascent
        trueDescentM = descent
        movingSeconds = moving
        tunnelSeconds = tunnels
    }

    /// Number of samples, i.e. seconds from the start press to the halt at the end, inclusive.
    public var totalSeconds: Int { samples.count }

    /// True when the receiver has a position at `second` (inside the ride and not in a tunnel).
    public func hasFix(at second: Int) -> Bool {
        samples.indices.contains(second) && !samples[second].isInTunnel
    }
}
