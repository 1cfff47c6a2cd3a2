import RoamCore
import RoamExport

/// The ride's distance as a rider reads it: the headline is measured plus bridged (P5), and the
/// bridged part is said apart, "13.231 km (0.637 km across 1 gap)", in the rider's units.
enum DistanceText {
    static func headline(_ t: RideTotals, digits: Int = 3, units: UnitFormatter = .metric) -> String {
        let total = units.distance(metres: t.distanceM, digits: digits)
        guard t.bridgedGaps > 0 else { return total }
        return total + " (" + units.distance(metres: t.bridgedM, digits: digits) + " across \(Plural.count(t.bridgedGaps, "gap")))"
    }
}
