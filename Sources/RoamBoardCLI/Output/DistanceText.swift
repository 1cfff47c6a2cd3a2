import RoamCore
import RoamExport

/// The ride's distance in the CLI's lines, in the rider's units: "13.231 km (0.637 km across 1 gap)",
/// phrased as the ride page phrases it (`DistanceHeadline`).
enum DistanceText {
    static func headline(_ t: RideTotals, digits: Int = 3, units: UnitFormatter = .metric) -> String {
        DistanceHeadline.text(total: units.distance(metres: t.distanceM, digits: digits), t) { units.distance(metres: $0, digits: digits) }
    }
}
