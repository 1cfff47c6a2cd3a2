/// Fixed-point decimal text without Foundation or exponent notation: "0.00004500", never "4.5e-05",
/// because GPX and CSV readers parse xsd:decimal-style numbers.
public enum FixedPoint {
    private static let scales: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    public static func format(_ value: Double, digits: Int) -> String {
        precondition((0...9).contains(digits), "digits out of range")
        guard value.isFinite else { return "0" }
        let scaled = (abs(value) * scales[digits]).rounded()
        guard scaled < 9.0e18 else { return String(value) }
        let n = Int64(scaled)
        let negative = value < 0 && n != 0
        let p = Int64(scales[digits])
        var text = String(n / p)
        if digits > 0 {
            let frac = String(n % p)
            text += "." + String(repeating: "0", count: digits - frac.count) + frac
        }
        return negative ? "-" + text : text
    }
}
