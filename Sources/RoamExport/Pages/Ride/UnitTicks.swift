import RoamCore

/// Round axis ticks counted in the other system: NiceTicks' steps (1, 2, 2.5, 5 × 10ⁿ) in miles,
/// feet or mph, placed back in the chart's own coordinates (metres, km/h), so a chart scaled in
/// metric still reads 1, 2, 5 mi or 100, 200 ft. The page carries both sets of ticks; its style
/// shows the set of the units chosen, so the switch moves no tick by script.
struct UnitTicks: Equatable {
    /// Positions in the chart's coordinates.
    let values: [Double]
    /// The decimals a label needs to show the step exactly.
    let digits: Int

    /// `perUnit`: the chart's units in one of the system's (1609.344 m per mile, 0.3048 m per
    /// foot, 1.609344 km/h per mph); at most `count` steps across [low, high].
    init(low: Double, high: Double, perUnit: Double, count: Int) {
        let step = NiceTicks.step(span: (high - low) / perUnit, count: count)
        values = NiceTicks.values(low: low / perUnit, high: high / perUnit, step: step).map { $0 * perUnit }
        digits = NiceTicks.digits(for: step)
    }

    /// Chart units per imperial unit of what a chart's values are (its y in m or km/h).
    static func imperialPerUnit(_ kind: UnitMarkup.Kind) -> Double {
        switch kind {
        case .distance: return UnitFormatter.metresPerMile
        case .length: return UnitFormatter.metresPerFoot
        case .speed: return UnitFormatter.metresPerMile / 1000
        case .area: return UnitFormatter.metresPerMile * UnitFormatter.metresPerMile
        }
    }
}
