/// VTG, course and speed over ground. No time field: it belongs to the epoch it arrives in.
///
///     $GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A*25
///     1,2 054.7,T  course, degrees true
///     3,4 034.4,M  course, degrees magnetic
///     5,6 005.5,N  speed, knots
///     7,8 010.2,K  speed, km/h
///     9   A        FAA mode indicator (NMEA 2.3+, optional): N not valid, E estimated
public struct VTG: Sendable, Equatable {
    public var talker: NMEATalker
    public var courseTrueDeg: Double?
    public var courseMagneticDeg: Double?
    public var speedKnots: Double?
    public var speedKmh: Double?
    public var faaMode: UInt8?

    public var speedMps: Double? { speedKnots.map { $0 * metresPerSecondPerKnot } ?? speedKmh.map { $0 / 3.6 } }

    /// Data fields needed: through the knots unit, as gpsd.
    static let minimumFields = 4

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> VTG {
        let courseTrue = f.decimal()
        f.skip()
        let courseMagnetic = f.decimal()
        f.skip()
        let knots = f.decimal()
        f.skip()
        let kmh = f.decimal()
        f.skip()
        let mode = f.letter()
        return VTG(talker: talker, courseTrueDeg: courseTrue, courseMagneticDeg: courseMagnetic,
                   speedKnots: knots, speedKmh: kmh, faaMode: mode)
    }
}
