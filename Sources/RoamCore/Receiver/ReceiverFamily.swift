/// Which command protocol the GNSS module speaks (board.conf `receiver`). `auto` recognises it
/// from what the module says; `none` never writes to the receiver.
public enum ReceiverFamily: String, Sendable, CaseIterable {
    case auto, ublox, mtk, casic, none

    /// What a module names itself as, for reports.
    public var displayName: String {
        switch self {
        case .auto: "unrecognised module"
        case .ublox: "u-blox (UBX)"
        case .mtk: "MediaTek (PMTK)"
        case .casic: "CASIC (PCAS)"
        case .none: "not configured"
        }
    }

    /// The family a checksummed line gives away, if any: u-blox boot banners ($GPTXT ... u-blox),
    /// any $PMTK reply, CASIC's text, or their own PCAS sentences.
    ///
    /// CASIC prints `MA=CASIC`, `HW=ATGM336H,…`, `IC=AT6558-…`, `SW=URANUS5,V5.3.0.0` once at power-up
    /// (CASIC protocol specification V4.2.0.3 §1.5.8 TXT); a module powered up long before is known
    /// only by its answers to PCAS06 (§1.6.7): `$GPTXT,01,01,02,SW=URANUS5,V5.2.1.0*1D` to PCAS06,0
    /// (its firmware, URANUS on every AT6558 seen) and `HW=ATGM332D,…` or `HW=AT6558D,…` to PCAS06,1.
    /// URANUS is CASIC's firmware name alone: no u-blox, MediaTek or other TXT carries it.
    public static func recognise(sentence: String) -> ReceiverFamily? {
        if sentence.hasPrefix("$PMTK") { return .mtk }
        if sentence.hasPrefix("$PCAS") { return .casic }
        guard sentence.count > 6, sentence.dropFirst(3).hasPrefix("TXT") else { return nil }
        let text = sentence.uppercased()
        if text.containsText("U-BLOX") || text.containsText("UBLOX") || text.containsText("UBX") { return .ublox }
        if ["CASIC", "AT6558", "ATGM", "URANUS"].contains(where: { text.containsText($0) }) { return .casic }
        if text.containsText("MTK") || text.containsText("MEDIATEK") { return .mtk }
        return nil
    }
}

/// The sentences the recorder asks for (docs/DESIGN.md: RMC for time, speed and course, GGA for
/// altitude and satellites, GSA for DOP and fix mode, GST for the error estimate). GSV, GLL,
/// VTG and ZDA are turned off: at 10 Hz GSV alone would fill a 115200 baud line.
public enum ReceiverSentences {
    public static let wanted = ["RMC", "GGA", "GSA", "GST"]
    public static let unwanted = ["GSV", "GLL", "VTG", "ZDA"]

    /// Bytes per epoch of the wanted set, generously (a multi-GNSS RMC+GGA+GSA+GST is about 300).
    public static let bytesPerEpoch = 330

    /// The slowest standard baud that carries `rateHz` epochs with a margin (10 bits per byte, 70 % load).
    public static func minimumBaud(rateHz: Int) -> Int {
        let needed = bytesPerEpoch * rateHz * 10 * 10 / 7
        return [9600, 19200, 38400, 57600, 115200, 230400].first { $0 >= needed } ?? 230400
    }
}

extension ReceiverFamily {
    /// What asks a module of this family to name itself: UBX MON-VER, PMTK605, PCAS06,0 (its firmware:
    /// one answer, as the others give; a second would read as the module sending on its own). A module
    /// whose periodic output is all off answers these and nothing else. `auto` asks all three (each
    /// family ignores the others'); `none` asks nothing, since the recorder then writes nothing.
    public var versionQueries: [[UInt8]] {
        switch self {
        case .ublox: [UBX.pollVersion.bytes]
        case .mtk: [Array(PMTK.queryRelease.utf8)]
        case .casic: [Array(PCAS.queryVersion.utf8)]
        case .auto: ReceiverFamily.ublox.versionQueries + ReceiverFamily.mtk.versionQueries + ReceiverFamily.casic.versionQueries
        case .none: []
        }
    }
}
