/// What the receiver gets wrong in one epoch, and what it says about its own accuracy.
struct ReceiverError: Sendable {
    var northM: Double
    var eastM: Double
    var altitudeM: Double
    var speedMps: Double
    var courseDeg: Double
    var hdop: Double
    var vdop: Double
    var pdop: Double
    var satellitesUsed: Int
    /// GST fields: pseudorange residual RMS and the 1-sigma errors the receiver reports.
    var rangeRmsM: Double
    var sigmaNorthM: Double
    var sigmaEastM: Double
    var sigmaAltitudeM: Double
}

/// Error model of a consumer multi-GNSS receiver (u-blox M8 class) on a handlebar, open sky.
///
/// Horizontal error is a wandering process (τ = 30 s) of 1.5 × HDOP metres per axis while
/// moving and 0.6 of that while standing, so a standing rider jitters 1–2 m around the true point.
/// Altitude is biased by +7 m and noisy (≈ 5 m), as GNSS heights are; any climb computed from it
/// is visibly wrong, which is the point (P6).
struct ReceiverErrorModel: Sendable {
    static let altitudeBiasM = 7.0
    private var rng: SeededGenerator
    private var north: GaussMarkov
    private var east: GaussMarkov
    private var altitude: GaussMarkov
    private var geometry: GaussMarkov
    private var hadFix = true

    init(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        north = GaussMarkov(timeConstantS: 30, generator: &g)
        east = GaussMarkov(timeConstantS: 30, generator: &g)
        altitude = GaussMarkov(timeConstantS: 90, generator: &g)
        // Satellite geometry changes over minutes as satellites rise and set.
        geometry = GaussMarkov(timeConstantS: 180, generator: &g)
        rng = g
    }

    /// Draws noise every second, fix or not; the only extra draws (a re-acquisition after a
    /// tunnel) depend on the route, so a seed always maps to the same errors.
    mutating func next(truth: TruthSample) -> ReceiverError {
        let hasFix = !truth.isInTunnel
        if hasFix && !hadFix {
            north.restart(&rng)
            east.restart(&rng)
            altitude.restart(&rng)
        }
        hadFix = hasFix
        let zNorth = north.step(&rng), zEast = east.step(&rng), zAltitude = altitude.step(&rng)
        let hdop = min(1.5, max(0.8, 1.12 + 0.17 * geometry.step(&rng)))
        let vdop = 1.35 * hdop
        let sigmaHorizontal = 1.5 * hdop * (truth.isStopped ? 0.6 : 1)
        let sigmaAltitude = 4.7

        // Doppler speed is good to a few cm/s; at rest receivers report a small positive speed.
        let speedNoise = rng.gaussian(sigma: truth.isStopped ? 0.04 : 0.08)
        let speed = truth.isStopped ? abs(speedNoise) : max(0, truth.speedMps + speedNoise)
        // Course from Doppler degrades as speed falls.
        let courseSigma = min(20, 0.8 * max(1, 5 / max(truth.speedMps, 0.25)))
        let course = truth.headingDeg + rng.gaussian(sigma: courseSigma)
        let altitudeWhite = rng.gaussian(sigma: 2.5)
        let reported = (rng.gaussian(sigma: 0.1), rng.gaussian(sigma: 0.1), rng.gaussian(sigma: 0.1))
        let rms = 6 + 2 * hdop + rng.gaussian(sigma: 0.4)

        return ReceiverError(
            northM: sigmaHorizontal * zNorth,
            eastM: sigmaHorizontal * zEast,
            altitudeM: Self.altitudeBiasM + 4 * zAltitude + altitudeWhite,
            speedMps: speed,
            courseDeg: course,
            hdop: hdop,
            vdop: vdop,
            pdop: (hdop * hdop + vdop * vdop).squareRoot(),
            satellitesUsed: Int((19.5 - 5.5 * hdop).rounded()),
            rangeRmsM: max(1, rms),
            sigmaNorthM: sigmaHorizontal * (1 + reported.0),
            sigmaEastM: sigmaHorizontal * (1 + reported.1),
            sigmaAltitudeM: sigmaAltitude * (1 + reported.2)
        )
    }
}
