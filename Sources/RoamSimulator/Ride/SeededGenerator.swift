#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64 (Steele, Lea & Flood, 2014): one 64-bit word of state and the same stream for the
/// same seed on every platform and Swift release, which the standard library's generators do not
/// promise. The bench needs that: a seed names a ride, byte for byte.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    // Box–Muller makes normals in pairs; the second one is kept for the next call.
    private var spareGaussian: Double?

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1], built from the top 53 bits. Never 0, so the logarithm below stays finite.
    public mutating func unitInterval() -> Double {
        Double((next() >> 11) + 1) * 0x1p-53
    }

    /// A standard normal draw (mean 0, standard deviation 1) by the Box–Muller transform.
    public mutating func gaussian() -> Double {
        if let spare = spareGaussian {
            spareGaussian = nil
            return spare
        }
        let radius = (-2 * log(unitInterval())).squareRoot()
        let angle = 2 * Double.pi * unitInterval()
        spareGaussian = radius * sin(angle)
        return radius * cos(angle)
    }

    /// A normal draw with the given standard deviation.
    public mutating func gaussian(sigma: Double) -> Double {
        sigma * gaussian()
    }

    /// An independent generator for one noise source, so extra draws in one source (the receiver,
    /// say) never shift the numbers of another (the barometer).
    public mutating func split() -> SeededGenerator {
        SeededGenerator(seed: next())
    }
}
