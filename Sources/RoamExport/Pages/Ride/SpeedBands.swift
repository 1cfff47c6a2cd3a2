import RoamCore

/// Speed bands for the view's track colours: ascending limits in km/h, one colour per band
/// (one more colour than limits). Cycling defaults: walking pace, easy, steady, fast, descending.
public struct SpeedBands: Sendable, Equatable {
    public let limitsKmh: [Double]
    public let colors: [String]

    public static let cycling = SpeedBands(validLimitsKmh: [10, 20, 30, 40])

    /// Okabe–Ito's colour-blind-safe set, ordered cool to warm, slow to fast: neighbouring bands
    /// differ in hue and lightness (the viridis set had two near-black purples at the slow end).
    /// Yellow comes last: it is the hardest to see on the map's light ground.
    private static let palette = ["#0072B2", "#56B4E9", "#009E73", "#E69F00", "#D55E00", "#CC79A7", "#000000", "#F0E442"]

    private init(validLimitsKmh: [Double]) {
        limitsKmh = validLimitsKmh
        colors = Array(Self.palette.prefix(validLimitsKmh.count + 1))
    }

    /// Parses "10,20,30,40": 1 to 7 ascending positive limits in km/h.
    public init(parsing text: String) throws(SpeedBandsError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var limits: [Double] = []
        for part in parts {
            guard let v = Double(part.trimmingCharacters), v.isFinite, v > 0 else { throw .notANumber(String(part)) }
            limits.append(v)
        }
        guard (1...Self.palette.count - 1).contains(limits.count) else { throw .count(limits.count) }
        guard zip(limits, limits.dropFirst()).allSatisfy({ $0 < $1 }) else { throw .notAscending(text) }
        self.init(validLimitsKmh: limits)
    }

    /// The band of a speed; nil when the receiver sent none.
    public func band(speedMps: Double?) -> Int? {
        guard let v = speedMps, v.isFinite else { return nil }
        let kmh = v * 3.6
        return limitsKmh.firstIndex { kmh < $0 } ?? limitsKmh.count
    }

    /// "< 10 km/h", "10–20 km/h", …, "≥ 40 km/h".
    public func label(_ band: Int) -> String {
        func f(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : FixedPoint.format(v, digits: 1) }
        if band == 0 { return "< \(f(limitsKmh[0])) km/h" }
        if band == limitsKmh.count { return "≥ \(f(limitsKmh[band - 1])) km/h" }
        return "\(f(limitsKmh[band - 1]))–\(f(limitsKmh[band])) km/h"
    }
}

public enum SpeedBandsError: Error, Equatable, CustomStringConvertible {
    case notANumber(String), count(Int), notAscending(String)

    public var description: String {
        switch self {
        case .notANumber(let s): return "speed band limit '\(s)' is not a positive number of km/h"
        case .count(let n): return "\(n) speed band limits given; give 1 to 7, e.g. 10,20,30,40"
        case .notAscending(let s): return "speed band limits '\(s)' must be ascending"
        }
    }
}

extension Substring {
    fileprivate var trimmingCharacters: String {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
