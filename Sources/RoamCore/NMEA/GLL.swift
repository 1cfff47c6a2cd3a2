/// GLL, position and time.
///
///     $GPGLL,4916.45,N,12311.12,W,225444,A,A*5C
///     1,2 4916.45,N   latitude
///     3,4 12311.12,W  longitude
///     5  225444       UTC time of fix (missing on some old Garmins)
///     6  A            status: A valid, V invalid
///     7  A            FAA mode indicator (NMEA 2.3+, optional): N not valid
/// Magellan Triton 400 and Garmin GPS 48 put fixes in GLL that RMC does not repeat.
public struct GLL: Sendable, Equatable {
    public var talker: NMEATalker
    public var latDeg: Double?
    public var lonDeg: Double?
    public var timeOfDayMs: Int?
    public var isValid: Bool
    public var faaMode: UInt8?

    /// Data fields needed: through status, as gpsd.
    static let minimumFields = 6

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> GLL {
        let lat = f.latitude()
        let lon = f.longitude()
        let time = f.timeOfDayMs()
        let status = f.letter()
        let mode = f.letter()
        return GLL(talker: talker, latDeg: lat, lonDeg: lon, timeOfDayMs: time,
                   isValid: status == UInt8(ascii: "A"), faaMode: mode)
    }
}
