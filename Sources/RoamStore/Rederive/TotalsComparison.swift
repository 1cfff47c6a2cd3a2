/// Field-by-field comparison of two values of the same type (the ride's totals), by reflection,
/// so totals that gain fields (moving time, climb, …) are compared without changing this code.
enum TotalsComparison {
    /// One line per field that differs, e.g. "distanceM: stored 1234.5, fixes imply 1230.1".
    /// `only`: compare just the fields whose snake_case name is in this set (the row's columns).
    static func differences<T>(stored: T, recomputed: T, storedLabel: String = "stored", only: Set<String>? = nil) -> [String] {
        let a = Mirror(reflecting: stored).children, b = Mirror(reflecting: recomputed).children
        var lines: [String] = []
        for (x, y) in zip(a, b) where !equal(x.value, y.value) {
            if let only, !only.contains(snakeCase(x.label ?? "")) { continue }
            lines.append("\(x.label ?? "?"): \(storedLabel) \(x.value), fixes imply \(y.value)")
        }
        return lines
    }

    /// Doubles agree to a relative 1e-9 (the rederivation sums in the same order, so in practice exactly).
    static func equal(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case let (x as Double, y as Double): return close(x, y)
        case let (x as Double?, y as Double?):
            switch (x, y) {
            case (nil, nil): return true
            case let (x?, y?): return close(x, y)
            default: return false
            }
        case let (x as Int, y as Int): return x == y
        case let (x as any Equatable, y): return Self.same(x, y)
        default: return String(describing: a) == String(describing: b)
        }
    }

    /// Equality through the value's own `==` (a dictionary's description has no fixed order).
    private static func same<T: Equatable>(_ x: T, _ y: Any) -> Bool {
        guard let y = y as? T else { return false }
        return x == y
    }

    /// `maxSpeedMps` -> `max_speed_mps`: the schema names columns after the fields.
    static func snakeCase(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
        }
        return out
    }

    static func close(_ x: Double, _ y: Double) -> Bool {
        if x == y || (x.isNaN && y.isNaN) { return true }
        return abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))
    }
}
