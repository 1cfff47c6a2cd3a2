/// The ride's distance as a rider reads it (P5): the headline is measured plus bridged, and the
/// bridged part is said apart, "13.231 km (0.637 km across 1 gap)". One phrasing for every output
/// that shows a total (the CLI's lines, the ride page), each formatting the numbers its own way.
public enum DistanceHeadline {
    /// `total` (the headline, formatted by the caller), then what was bridged, or `total` alone.
    public static func text(total: String, _ t: RideTotals, distance: (Double) -> String) -> String {
        guard t.bridgedGaps > 0 else { return total }
        return total + " (" + bridged(t, distance: distance) + ")"
    }

    /// "0.637 km across 1 gap": the bridged part alone.
    public static func bridged(_ t: RideTotals, distance: (Double) -> String) -> String {
        distance(t.bridgedM) + " across \(Plural.count(t.bridgedGaps, "gap"))"
    }
}
