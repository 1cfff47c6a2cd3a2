/// RMC, recommended minimum data: time, date, position, speed and course.
///
///     $GPRMC,225446.33,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E,A*68
///     1  225446.33  UTC time of fix
///     2  A          status: A valid, D differential (valid), V navigation warning
///     3,4 4916.45,N latitude 49 deg 16.45 min north
///     5,6 12311.12,W longitude 123 deg 11.12 min west
///     7  000.5      speed over ground, knots
///     8  054.7      course over ground, degrees true
///     9  191194     date ddmmyy
///     10,11 020.3,E magnetic variation (optional)
///     12 A          FAA mode indicator (NMEA 2.3+, optional)
///     13 V          navigation status (NMEA 4.1+, optional)
public struct RMC: Sendable, Equatable {
    public var talker: NMEATalker
    public var timeOfDayMs: Int?
    /// `A` or `D`. `V` means the receiver itself distrusts the fix (and, on MTK chips, the date).
    public var isValid: Bool
    public var latDeg: Double?
    public var lonDeg: Double?
    public var speedKnots: Double?
    public var courseDeg: Double?
    public var date: UTCDate?
    /// East positive; nil when empty.
    public var magneticVariationDeg: Double?
    public var faaMode: UInt8?

    public var speedMps: Double? { speedKnots.map { $0 * metresPerSecondPerKnot } }

    /// Data fields needed: through speed, as gpsd (whose count of 8 is one more than ours).
    static let minimumFields = 7

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> RMC {
        let time = f.timeOfDayMs()
        let status = f.letter()
        let lat = f.latitude()
        let lon = f.longitude()
        let speed = f.decimal()
        let course = f.decimal()
        let date = f.ddmmyy()
        let variation = f.decimal()
        let variationSide = f.letter()
        let faa = f.letter()
        let valid = status == UInt8(ascii: "A") || status == UInt8(ascii: "D")
        return RMC(talker: talker, timeOfDayMs: time, isValid: valid, latDeg: lat, lonDeg: lon,
                   speedKnots: speed, courseDeg: course, date: date,
                   magneticVariationDeg: variationSide == UInt8(ascii: "W") ? variation.map { -$0 } : variation,
                   faaMode: faa)
    }
}
