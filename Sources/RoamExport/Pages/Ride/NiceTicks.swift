/// Round axis steps a reader can add up in their head: 1, 2, 2.5 or 5 times a power of ten for
/// metres, km/h, °C and kilometres; whole minutes and hours for ride time.
enum NiceTicks {
    /// The smallest round step that cuts `span` into at most `count` parts.
    static func step(span: Double, count: Int) -> Double {
        let raw = max(span, 1e-9) / Double(max(count, 1))
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        for factor in [1.0, 2, 2.5, 5, 10] where magnitude * factor >= raw { return magnitude * factor }
        return magnitude * 10
    }

    /// Multiples of `step` from `low` to `high`, both ends included when they are multiples.
    static func values(low: Double, high: Double, step: Double) -> [Double] {
        guard step > 0, high >= low else { return [] }
        let first = (low / step).rounded(.up), last = (high / step + 1e-9).rounded(.down)
        guard last >= first else { return [] }
        return (Int(first)...Int(last)).map { Double($0) * step }
    }

    static let timeSteps: [Double] = [60, 120, 300, 600, 900, 1_200, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200]

    /// A ride-time step in seconds giving at most `count` ticks over `spanS`.
    static func timeStep(spanS: Double, count: Int) -> Double {
        timeSteps.first { spanS / $0 <= Double(count) } ?? timeSteps[timeSteps.count - 1]
    }

    /// The decimals a tick label needs to show `step` exactly (2.5 → 1).
    static func digits(for step: Double) -> Int {
        var d = 0, s = step
        while d < 3, abs(s - s.rounded()) > 1e-6 { s *= 10; d += 1 }
        return d
    }
}
