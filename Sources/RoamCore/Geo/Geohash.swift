/// Geohash (Niemeyer, 2008): a cell name in base 32 whose bits alternately halve the longitude
/// and latitude ranges, longitude first. Explored cells are stored at precision 7 (about
/// 153 m × 153 m at the equator); precisions 5 and 6 are its prefixes (docs/DESIGN.md §5).
public enum Geohash {
    public static let exploredPrecision = 7
    private static let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz".utf8)

    /// The cell holding the point, `precision` characters long (1…12). Nil for a position outside
    /// the valid ranges or not finite.
    public static func encode(latDeg: Double, lonDeg: Double, precision: Int = exploredPrecision) -> String? {
        guard latDeg.isFinite, lonDeg.isFinite, (-90...90).contains(latDeg), (-180...180).contains(lonDeg),
              (1...12).contains(precision) else { return nil }
        var latRange = (-90.0, 90.0), lonRange = (-180.0, 180.0)
        var chars: [UInt8] = []
        chars.reserveCapacity(precision)
        var isLon = true
        var bits = 0, value = 0
        while chars.count < precision {
            if isLon {
                let mid = (lonRange.0 + lonRange.1) / 2
                if lonDeg >= mid { value = value << 1 | 1; lonRange.0 = mid } else { value <<= 1; lonRange.1 = mid }
            } else {
                let mid = (latRange.0 + latRange.1) / 2
                if latDeg >= mid { value = value << 1 | 1; latRange.0 = mid } else { value <<= 1; latRange.1 = mid }
            }
            isLon.toggle()
            bits += 1
            if bits == 5 {
                chars.append(alphabet[value])
                bits = 0
                value = 0
            }
        }
        return String(decoding: chars, as: UTF8.self)
    }

    /// The cell's bounds, or nil for text that is not a geohash.
    public static func bounds(_ cell: String) -> (lat: ClosedRange<Double>, lon: ClosedRange<Double>)? {
        guard !cell.isEmpty else { return nil }
        var latRange = (-90.0, 90.0), lonRange = (-180.0, 180.0)
        var isLon = true
        for byte in cell.utf8 {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            for shift in stride(from: 4, through: 0, by: -1) {
                let bit = (value >> shift) & 1 == 1
                if isLon {
                    let mid = (lonRange.0 + lonRange.1) / 2
                    if bit { lonRange.0 = mid } else { lonRange.1 = mid }
                } else {
                    let mid = (latRange.0 + latRange.1) / 2
                    if bit { latRange.0 = mid } else { latRange.1 = mid }
                }
                isLon.toggle()
            }
        }
        return (latRange.0...latRange.1, lonRange.0...lonRange.1)
    }
}
