/// GGA, fix data: time, position, quality, satellites, HDOP, altitude.
///
///     $GPGGA,123519,4807.038,N,01131.324,E,1,08,0.9,545.4,M,46.9,M,,*47
///     1  123519      UTC time of fix
///     2,3 4807.038,N latitude
///     4,5 01131.324,E longitude
///     6  1           quality: 0 invalid, 1 GPS, 2 DGPS, 3 PPS, 4 RTK fixed, 5 RTK float,
///                    6 dead reckoning, 7 manual, 8 simulator
///     7  08          satellites used
///     8  0.9         HDOP
///     9,10 545.4,M   altitude above mean sea level, metres
///     11,12 46.9,M   geoid separation (ellipsoid minus MSL), metres; often empty
///     13 (empty)     age of differential corrections, seconds
///     14 (empty)     differential station ID
public struct GGA: Sendable, Equatable {
    public var talker: NMEATalker
    public var timeOfDayMs: Int?
    public var latDeg: Double?
    public var lonDeg: Double?
    public var quality: Int?
    public var satellitesUsed: Int?
    public var hdop: Double?
    public var altMSLm: Double?
    public var geoidSepM: Double?
    public var dgpsAgeS: Double?
    public var dgpsStation: Int?

    /// Data fields needed: through the geoid separation unit, as gpsd.
    static let minimumFields = 12

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> GGA {
        let time = f.timeOfDayMs()
        let lat = f.latitude()
        let lon = f.longitude()
        let quality = f.integer()
        let satellites = f.integer()
        let hdop = f.decimal()
        let altitude = f.decimal()
        f.skip()  // unit, always M
        let separation = f.decimal()
        f.skip()  // unit
        let age = f.decimal()
        let station = f.integer()
        return GGA(talker: talker, timeOfDayMs: time, latDeg: lat, lonDeg: lon, quality: quality,
                   satellitesUsed: satellites, hdop: hdop, altMSLm: altitude, geoidSepM: separation,
                   dgpsAgeS: age, dgpsStation: station)
    }
}
