/// The totals of several rides: each ride's own stored totals (`RideTotals`, what `rides` and the
/// ride's page show) added up, never recomputed from fixes. Bridged distance stays apart (P5):
/// `distanceM` is the headline (measured plus bridged), `bridgedM` the part of it across gaps.
public struct PeriodTotals: Sendable, Equatable {
    public var rides = 0
    public var distanceM: Double = 0
    public var bridgedM: Double = 0
    public var bridgedGaps = 0
    public var movingS: Double = 0
    /// The climb of the rides that have one (P6: a ride without a barometer sample has none).
    public var ascentM: Double = 0
    public var ridesWithoutClimb = 0

    public init() {}

    public mutating func add(_ t: RideTotals) {
        rides += 1
        distanceM += t.distanceM
        bridgedM += t.bridgedM
        bridgedGaps += t.bridgedGaps
        movingS += t.movingS
        if let a = t.ascentM { ascentM += a } else { ridesWithoutClimb += 1 }
    }
}
