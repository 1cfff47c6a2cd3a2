/// MediaTek PMTK commands ("PMTK command packet", GlobalTop MT3339 / "NMEA Manual based on
/// MediaTek chipset"): `$PMTKnnn,fields*hh<CR><LF>`, the checksum being NMEA's XOR of the bytes
/// between `$` and `*`. Each command is answered by `$PMTK001,nnn,flag` (flag 3: done).
public enum PMTK {
    /// `$PMTK` + `body` sealed with its checksum and CRLF.
    public static func sentence(_ body: String) -> String { NMEAChecksum.seal("$PMTK" + body) + "\r\n" }

    /// PMTK251 SET_NMEA_BAUDRATE. No PMTK001 is promised at the old baud: the host switches after it.
    public static func setBaud(_ baud: Int) -> String { sentence("251,\(baud)") }

    /// PMTK220 SET_NMEA_UPDATERATE: the fix interval in milliseconds (100 = 10 Hz).
    public static func setRate(hz: Int) -> String { sentence("220,\(1000 / max(1, hz))") }

    /// PMTK314 SET_NMEA_OUTPUT: 19 fields, the output divider of GLL, RMC, VTG, GGA, GSA, GSV,
    /// GRS, GST, five reserved, MALM, MEPH, MDGP, MDBG, ZDA, MCHN (0 = off, 1 = every fix).
    public static func setOutput(_ sentences: [String]) -> String {
        let order = ["GLL", "RMC", "VTG", "GGA", "GSA", "GSV", "GRS", "GST"]
        var fields = order.map { sentences.contains($0) ? "1" : "0" }
        fields += Array(repeating: "0", count: 9)
        fields.append(sentences.contains("ZDA") ? "1" : "0")
        fields.append("0")
        return sentence("314," + fields.joined(separator: ","))
    }

    /// PMTK605 Q_RELEASE: answered by `$PMTK705,<firmware>` (used to recognise the family).
    public static let queryRelease = sentence("605")

    /// A PMTK001 reply: the command it answers and its flag.
    public struct Ack: Sendable, Equatable {
        public enum Flag: Int, Sendable { case invalid = 0, unsupported = 1, failed = 2, succeeded = 3 }
        public var command: Int
        public var flag: Flag
    }

    /// Parses `$PMTK001,cmd,flag*hh` (checksum verified by the caller's framer); nil for other sentences.
    public static func ack(_ sentence: String) -> Ack? {
        guard sentence.hasPrefix("$PMTK001,") else { return nil }
        let body = sentence.dropFirst(9).prefix { $0 != "*" }
        let parts = body.split(separator: ",")
        guard parts.count >= 2, let cmd = Int(parts[0]), let raw = Int(parts[1]), let flag = Ack.Flag(rawValue: raw) else { return nil }
        return Ack(command: cmd, flag: flag)
    }
}

/// CASIC PCAS commands (Hangzhou Zhongke, "CASIC Multimode Satellite Navigation Receiver Protocol
/// Specification" V4.2, §1.5 NMEA input): ATGM336H, AT6558 modules. There is no NMEA
/// acknowledgement: the recorder judges by what the module sends afterwards.
public enum PCAS {
    public static func sentence(_ body: String) -> String { NMEAChecksum.seal("$PCAS" + body) + "\r\n" }

    /// PCAS01: the UART baud as a code, 0…5 = 4800, 9600, 19200, 38400, 57600, 115200.
    public static let baudCodes = [4800, 9600, 19200, 38400, 57600, 115200]

    public static func setBaud(_ baud: Int) -> String? {
        guard let code = baudCodes.firstIndex(of: baud) else { return nil }
        return sentence("01,\(code)")
    }

    /// PCAS02: the fix interval in milliseconds (1000, 500, 250, 200, 100).
    public static func setRate(hz: Int) -> String { sentence("02,\(1000 / max(1, hz))") }

    /// PCAS03: output dividers of GGA, GLL, GSA, GSV, RMC, VTG, ZDA, ANT, DHV, LPS, two reserved,
    /// UTC, GST, three reserved, TIM. Reserved fields are left empty, as in the specification's example.
    public static func setOutput(_ sentences: [String]) -> String {
        func on(_ s: String) -> String { sentences.contains(s) ? "1" : "0" }
        var fields = ["GGA", "GLL", "GSA", "GSV", "RMC", "VTG", "ZDA"].map(on)
        fields += ["0", "0", "0", "", "", "0", on("GST"), "", "", "", "0"]
        return sentence("03," + fields.joined(separator: ","))
    }

    /// PCAS06,0: query the firmware version (§1.6.7), answered `$GPTXT,01,01,02,SW=URANUS5,V5.3.0.0*1D`
    /// (PCAS06,1, the hardware, would be answered `HW=ATGM336H,…`).
    public static let queryVersion = sentence("06,0")
}
