/// GSA, DOP and active satellites. No time field: it belongs to the epoch it arrives in.
///
///     $GPGSA,A,3,19,28,14,18,27,22,31,39,,,,,1.7,1.0,1.3*35
///     1  A      selection: A automatic, M manual
///     2  3      fix type: 1 none, 2 2D, 3 3D (Antaris sends E for dead reckoning)
///     3-14      PRNs of the satellites used, empty when unused
///     15 1.7    PDOP
///     16 1.0    HDOP
///     17 1.3    VDOP
///     18        GNSS system ID (NMEA 4.1+, optional)
/// Multi-constellation receivers send one GSA per system in the same epoch.
public struct GSA: Sendable, Equatable {
    public var talker: NMEATalker
    /// 1, 2 or 3; nil when empty or not a digit (dead-reckoning `E`).
    public var fixType: Int?
    /// Number of PRN fields filled.
    public var satellitesUsed: Int
    public var pdop: Double?
    public var hdop: Double?
    public var vdop: Double?
    public var systemID: Int?

    /// Data fields needed: mode, fix type, 12 PRNs and three DOPs, as gpsd.
    static let minimumFields = 17

    static func parse(_ talker: NMEATalker, _ f: inout NMEAFieldCursor) -> GSA {
        f.skip()  // selection mode
        let fix = f.letter()
        // 12 PRN slots, then three DOPs and (NMEA 4.1) a system ID. The Navior-24 sends 24
        // slots and no system ID, so otherwise the DOPs are the last three fields.
        let prnSlots = f.count == 18 ? 12 : f.count - 5
        var used = 0
        for _ in 0..<prnSlots where (f.integer() ?? 0) > 0 { used += 1 }
        let pdop = f.decimal()
        let hdop = f.decimal()
        let vdop = f.decimal()
        // SiRF-TriG (beidou-bd) puts a decimal in the system-ID slot; keep IDs that are whole.
        let system = f.decimal().flatMap { $0 == $0.rounded() && abs($0) < 100 ? Int($0) : nil }
        let fixType = fix.flatMap { (UInt8(ascii: "1")...UInt8(ascii: "3")).contains($0) ? Int($0 - UInt8(ascii: "0")) : nil }
        return GSA(talker: talker, fixType: fixType, satellitesUsed: used, pdop: pdop, hdop: hdop,
                   vdop: vdop, systemID: system)
    }
}
