/// GNS, multi-constellation fix data (NMEA 4.0+): much of GGA plus a mode letter per system.
///
///     $GNGNS,074155.799,3114.8770,N,12135.2463,E,ANNA,05,1.3,156.9,8.3,,0000*52
///     1  074155.799  UTC time of fix
///     2,3 3114.8770,N latitude
///     4,5 12135.2463,E longitude
///     6  ANNA        mode per system (GPS, GLONASS, Galileo, BeiDou...): A autonomous,
///                    D differential, N that system not used, E estimated, R/F RTK...
///     7  05          satellites used
///     8  1.3         HDOP
///     9  156.9       altitude above mean sea level, metres
///     10 8.3         geoid separation, metres
///     11 (empty)     age of differential corrections
///     12 0000        differential station ID
///     13             navigational status (NMEA 4.10+): S safe, C caution, U unsafe, V "not valid":
///                    the equipment gives no navigational status (u-blox sends V with every fix)
public struct GNS: Sendable, Equatable {
    public var talker: NMEATalker
    public var timeOfDayMs: Int?
    public var latDeg: Double?
    public var lonDeg: Double?
    /// The solution's mode from the letters of the systems used (`NMEAFieldCursor.systemsMode`):
    /// N only when no system was used. gpsd reads the first letter alone, GPS's.
    public var mode: UInt8?
    public var satellitesUsed: Int?
    public var hdop: Double?
    public var altMSLm: Double?
    public var geoidSepM: Double?
    public var navigationStatus: UInt8?

    /// Data fields needed: through the station ID, as gpsd.
    static let minimumFields = 12

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> GNS {
        let time = f.timeOfDayMs()
        let lat = f.latitude()
        let lon = f.longitude()
        let mode = f.systemsMode()
        let satellites = f.integer()
        let hdop = f.decimal()
        let altitude = f.decimal()
        let separation = f.decimal()
        f.skip(2)  // differential age and station
        let status = f.letter()
        return GNS(talker: talker, timeOfDayMs: time, latDeg: lat, lonDeg: lon, mode: mode,
                   satellitesUsed: satellites, hdop: hdop, altMSLm: altitude, geoidSepM: separation,
                   navigationStatus: status)
    }
}
