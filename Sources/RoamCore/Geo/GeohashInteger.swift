/// A geohash as the integer of its bits (5 per character, longitude first), so sorted cells are
/// sorted integers and a cell's parent at one character less is the integer divided by 32.
/// The explored page sends cells as these integers and draws them from the same bits.
extension Geohash {
    private static let base32 = Array("0123456789bcdefghjkmnpqrstuvwxyz".utf8)

    /// The bits of `cell` (at most 12 characters: 60 bits), or nil for text that is not a geohash.
    public static func integer(_ cell: String) -> UInt64? {
        guard !cell.isEmpty, cell.utf8.count <= 12 else { return nil }
        var value: UInt64 = 0
        for byte in cell.utf8 {
            guard let digit = base32.firstIndex(of: byte) else { return nil }
            value = value << 5 | UInt64(digit)
        }
        return value
    }

    /// The geohash text of `value` at `precision` characters (1…12).
    public static func text(integer value: UInt64, precision: Int) -> String {
        precondition((1...12).contains(precision), "a geohash has 1 to 12 characters")
        var chars = [UInt8](repeating: 0, count: precision)
        var rest = value
        for i in stride(from: precision - 1, through: 0, by: -1) {
            chars[i] = base32[Int(rest & 31)]
            rest >>= 5
        }
        return String(decoding: chars, as: UTF8.self)
    }

    /// The cell's area on a sphere of the mean Earth radius, in km²: a latitude band between two
    /// meridians, R² · Δλ · (sin φ₂ − sin φ₁), so a cell near a pole counts its true, smaller area.
    public static func areaKm2(_ cell: String) -> Double? {
        guard let b = bounds(cell) else { return nil }
        let r = Haversine.earthRadiusM / 1000
        let dLon = (b.lon.upperBound - b.lon.lowerBound) * .pi / 180
        return r * r * dLon * (sine(b.lat.upperBound * .pi / 180) - sine(b.lat.lowerBound * .pi / 180))
    }
}
