/// Metric or imperial: what `--units` and board.conf's `units` choose.
public enum UnitSystem: String, CaseIterable, Sendable {
    case metric, imperial
}

/// Distances, lengths (climb) and speeds in the rider's units, the one place the CLI and the pages
/// convert (the pages' script does the same in Scripts/units.js). Exact definitions: 1 mi =
/// 1609.344 m, 1 ft = 0.3048 m. Metric computes exactly what the commands always did (m / 1000,
/// m/s × 3.6), so metric output keeps its bytes.
public struct UnitFormatter: Sendable, Equatable {
    public static let metresPerMile = 1609.344
    public static let metresPerFoot = 0.3048
    public static let metric = UnitFormatter(.metric)

    public let system: UnitSystem

    public init(_ system: UnitSystem) { self.system = system }

    private var isMetric: Bool { system == .metric }

    public var distanceUnit: String { isMetric ? "km" : "mi" }
    public var lengthUnit: String { isMetric ? "m" : "ft" }
    public var speedUnit: String { isMetric ? "km/h" : "mph" }
    public var areaUnit: String { isMetric ? "km²" : "mi²" }

    /// Kilometres or miles.
    public func distanceValue(metres m: Double) -> Double { isMetric ? m / 1000 : m / Self.metresPerMile }
    /// Metres or feet.
    public func lengthValue(metres m: Double) -> Double { isMetric ? m : m / Self.metresPerFoot }
    /// km/h or mph.
    public func speedValue(metresPerSecond v: Double) -> Double { isMetric ? v * 3.6 : v * 3600 / Self.metresPerMile }
    /// km² or mi².
    public func areaValue(squareKilometres a: Double) -> Double {
        isMetric ? a : a * 1_000_000 / (Self.metresPerMile * Self.metresPerMile)
    }

    /// "12.345 km", "7.671 mi".
    public func distance(metres m: Double, digits: Int) -> String {
        FixedPoint.format(distanceValue(metres: m), digits: digits) + " " + distanceUnit
    }

    /// "412 m", "1352 ft": climb and heights.
    public func length(metres m: Double, digits: Int) -> String {
        FixedPoint.format(lengthValue(metres: m), digits: digits) + " " + lengthUnit
    }

    /// "34.2 km/h", "21.3 mph".
    public func speed(metresPerSecond v: Double, digits: Int) -> String {
        FixedPoint.format(speedValue(metresPerSecond: v), digits: digits) + " " + speedUnit
    }

    /// An area with digits that mean something at each scale: "3.14 km²", "156.2 km²", "1523 mi²".
    public func area(squareKilometres a: Double) -> String {
        let v = areaValue(squareKilometres: a)
        return FixedPoint.format(v, digits: v < 10 ? 2 : v < 1000 ? 1 : 0) + " " + areaUnit
    }
}
