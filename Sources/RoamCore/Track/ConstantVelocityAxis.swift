/// One axis of a constant-velocity Kalman filter: position and velocity along east or north, with
/// their 2×2 covariance. The process is white acceleration noise of spectral density `q` (m²/s³),
/// so uncertainty grows with the elapsed time between fixes.
struct ConstantVelocityAxis: Sendable, Equatable, Codable {
    var positionM: Double
    var velocityMps: Double
    var p11: Double
    var p12: Double
    var p22: Double

    init(positionM: Double, sigmaM: Double, velocityMps: Double, velocitySigmaMps: Double) {
        self.positionM = positionM
        self.velocityMps = velocityMps
        p11 = sigmaM * sigmaM
        p12 = 0
        p22 = velocitySigmaMps * velocitySigmaMps
    }

    /// x ← F x, P ← F P Fᵀ + Q with F = [1 dt; 0 1], Q = q [dt³/3 dt²/2; dt²/2 dt].
    mutating func predict(dtS dt: Double, q: Double) {
        positionM += velocityMps * dt
        let n11 = p11 + 2 * dt * p12 + dt * dt * p22 + q * dt * dt * dt / 3
        let n12 = p12 + dt * p22 + q * dt * dt / 2
        let n22 = p22 + q * dt
        p11 = n11; p12 = n12; p22 = n22
    }

    /// Measurement of the position with variance `r` (H = [1 0]).
    mutating func update(positionM z: Double, variance r: Double) {
        let s = p11 + r
        guard s > 0 else { return }
        let k1 = p11 / s, k2 = p12 / s
        let y = z - positionM
        positionM += k1 * y
        velocityMps += k2 * y
        let n22 = p22 - k2 * p12
        p12 = (1 - k1) * p12
        p11 = (1 - k1) * p11
        p22 = n22
    }

    /// Measurement of the velocity (Doppler) with variance `r` (H = [0 1]).
    mutating func update(velocityMps z: Double, variance r: Double) {
        let s = p22 + r
        guard s > 0 else { return }
        let k1 = p12 / s, k2 = p22 / s
        let y = z - velocityMps
        positionM += k1 * y
        velocityMps += k2 * y
        p11 -= k1 * p12
        p12 = (1 - k2) * p12
        p22 = (1 - k2) * p22
    }
}
