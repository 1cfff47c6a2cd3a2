/// Great-circle distance on a sphere of the IUGG mean Earth radius. At bicycle step lengths
/// (metres to tens of metres) its error against the ellipsoid is well under 0.5 %.
public enum Haversine {
    public static let earthRadiusM = 6_371_008.8

    public static func distanceM(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        let r = Double.pi / 180
        let dLat = (lat2 - lat1) * r, dLon = (lon2 - lon1) * r
        let a = sinHalf(dLat) + cosine(lat1 * r) * cosine(lat2 * r) * sinHalf(dLon)
        return 2 * earthRadiusM * asinSqrt(min(1, a))
    }

    @inline(__always) private static func sinHalf(_ x: Double) -> Double { let s = sine(x / 2); return s * s }
    @inline(__always) private static func asinSqrt(_ a: Double) -> Double { arcsine(a.squareRoot()) }
}
