import RoamCore
import RoamExport

/// The ride's distance as a rider reads it: the headline is measured plus bridged (P5), and the
/// bridged part is said apart, "13.231 km (0.637 km across 1 gap)".
enum DistanceText {
    static func headline(_ t: RideTotals, digits: Int = 3) -> String {
        let km = FixedPoint.format(t.distanceM / 1000, digits: digits) + " km"
        guard t.bridgedGaps > 0 else { return km }
        return km + " (" + FixedPoint.format(t.bridgedM / 1000, digits: digits) + " km across "
            + (t.bridgedGaps == 1 ? "1 gap)" : "\(t.bridgedGaps) gaps)")
    }
}
