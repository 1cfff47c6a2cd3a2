#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A first-order Gauss–Markov process of unit variance, sampled at 1 Hz:
/// x(k+1) = φ·x(k) + √(1−φ²)·w(k), with φ = exp(−1 s / τ) and w standard normal.
///
/// GNSS position and altitude errors wander like this over tens of seconds rather than jumping
/// every epoch. The correlation matters downstream: white noise of the same size would add
/// percents of phantom distance, which no real receiver does and no ride pipeline should have to undo.
struct GaussMarkov: Sendable {
    private let phi: Double
    private(set) var value: Double

    init(timeConstantS: Double, generator: inout SeededGenerator) {
        phi = exp(-1 / timeConstantS)
        value = generator.gaussian()
    }

    /// Advances one second and returns the new value.
    mutating func step(_ generator: inout SeededGenerator) -> Double {
        value = phi * value + (1 - phi * phi).squareRoot() * generator.gaussian()
        return value
    }

    /// Forgets the past, as a receiver does when it re-acquires after an outage.
    mutating func restart(_ generator: inout SeededGenerator) {
        value = generator.gaussian()
    }
}
