/// Constant-velocity Kalman filter over a segment's usable positions (docs/DESIGN.md §5), written to the
/// derived columns `smooth_lat_deg`/`smooth_lon_deg`; the raw position stays as received (P4).
///
/// Process noise grows with the time since the last fix; measurement noise is the receiver's own
/// accuracy estimate per axis; the Doppler velocity, when the receiver sends speed and course, is
/// a second, much sharper measurement. A new segment starts a new filter: nothing is smoothed
/// across a gap (P5). Causal (each output uses only earlier fixes), because fixes are committed
/// as they arrive.
public struct KalmanSmoother: Sendable, Equatable, Codable {
    var frame: LocalFrame
    var east: ConstantVelocityAxis
    var north: ConstantVelocityAxis
    var time: TimeStamp

    /// One position measurement with its noise, and the Doppler velocity when known.
    public struct Measurement: Sendable {
        public var latDeg: Double
        public var lonDeg: Double
        public var time: TimeStamp
        public var sigmaEastM: Double
        public var sigmaNorthM: Double
        public var velocity: (eastMps: Double, northMps: Double)?

        public init(latDeg: Double, lonDeg: Double, time: TimeStamp, sigmaEastM: Double, sigmaNorthM: Double,
                    velocity: (eastMps: Double, northMps: Double)?) {
            self.latDeg = latDeg; self.lonDeg = lonDeg; self.time = time
            self.sigmaEastM = sigmaEastM; self.sigmaNorthM = sigmaNorthM; self.velocity = velocity
        }
    }

    /// Re-centre the frame beyond this distance, so the flat-earth frame never grows large.
    static let recentreAfterM = 5_000.0
    /// Velocity uncertainty of a filter started without a Doppler velocity: a brisk rider's speed.
    static let unknownVelocitySigmaMps = 10.0

    /// Starts a filter at the first fix of a segment; its output is the fix itself.
    public init(first m: Measurement) {
        frame = LocalFrame(originLatDeg: m.latDeg, originLonDeg: m.lonDeg)
        east = ConstantVelocityAxis(positionM: 0, sigmaM: m.sigmaEastM, velocityMps: m.velocity?.eastMps ?? 0,
                                    velocitySigmaMps: Self.unknownVelocitySigmaMps)
        north = ConstantVelocityAxis(positionM: 0, sigmaM: m.sigmaNorthM, velocityMps: m.velocity?.northMps ?? 0,
                                     velocitySigmaMps: Self.unknownVelocitySigmaMps)
        time = m.time
    }

    /// Folds in one measurement and returns the smoothed position.
    public mutating func update(_ m: Measurement, accelerationNoise q: Double, velocitySigmaMps: Double)
        -> (latDeg: Double, lonDeg: Double) {
        if let dt = m.time.seconds(since: time), dt > 0 {
            east.predict(dtS: dt, q: q)
            north.predict(dtS: dt, q: q)
        }
        time = m.time
        let z = frame.eastNorth(latDeg: m.latDeg, lonDeg: m.lonDeg)
        east.update(positionM: z.eastM, variance: m.sigmaEastM * m.sigmaEastM)
        north.update(positionM: z.northM, variance: m.sigmaNorthM * m.sigmaNorthM)
        if let v = m.velocity {
            let r = velocitySigmaMps * velocitySigmaMps
            east.update(velocityMps: v.eastMps, variance: r)
            north.update(velocityMps: v.northMps, variance: r)
        }
        let out = frame.latLon(eastM: east.positionM, northM: north.positionM)
        if abs(east.positionM) > Self.recentreAfterM || abs(north.positionM) > Self.recentreAfterM {
            frame = LocalFrame(originLatDeg: out.latDeg, originLonDeg: out.lonDeg)
            east.positionM = 0
            north.positionM = 0
        }
        return out
    }
}
