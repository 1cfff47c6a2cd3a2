/// A flat east/north frame in metres around an origin (equirectangular). Over the few kilometres
/// a smoothing filter works in, its distortion is far below GNSS noise, and the way back is exact.
public struct LocalFrame: Sendable, Equatable, Codable {
    public var originLatDeg: Double
    public var originLonDeg: Double

    public init(originLatDeg: Double, originLonDeg: Double) {
        self.originLatDeg = originLatDeg; self.originLonDeg = originLonDeg
    }

    private static let metresPerRadian = Haversine.earthRadiusM
    private static let radiansPerDegree = Double.pi / 180

    private var eastScale: Double { Self.metresPerRadian * Self.radiansPerDegree * max(cosine(originLatDeg * Self.radiansPerDegree), 1e-9) }
    private var northScale: Double { Self.metresPerRadian * Self.radiansPerDegree }

    public func eastNorth(latDeg: Double, lonDeg: Double) -> (eastM: Double, northM: Double) {
        let dLon = Longitude.wrapped(lonDeg - originLonDeg)  // across the antimeridian the short way
        return (dLon * eastScale, (latDeg - originLatDeg) * northScale)
    }

    public func latLon(eastM: Double, northM: Double) -> (latDeg: Double, lonDeg: Double) {
        (originLatDeg + northM / northScale, Longitude.wrapped(originLonDeg + eastM / eastScale))
    }
}
