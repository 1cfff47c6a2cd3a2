/// The two-letter source of a sentence: `GP` GPS, `GL` GLONASS, `GA` Galileo, `GB`/`BD` BeiDou,
/// `GQ`/`QZ` QZSS, `GN` several systems combined, `IN` an integrated instrument, and so on.
/// Kept as two bytes so decoding allocates nothing; any two upper-case letters are accepted.
public struct NMEATalker: Sendable, Hashable, CustomStringConvertible {
    public let first: UInt8
    public let second: UInt8

    public init(_ first: UInt8, _ second: UInt8) { self.first = first; self.second = second }

    public init?(_ text: String) {
        let u = Array(text.utf8)
        guard u.count == 2, u.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
        self.init(u[0], u[1])
    }

    public var description: String { String(decoding: [first, second], as: UTF8.self) }

    public static let gps = NMEATalker(UInt8(ascii: "G"), UInt8(ascii: "P"))
    public static let combined = NMEATalker(UInt8(ascii: "G"), UInt8(ascii: "N"))
    public static let glonass = NMEATalker(UInt8(ascii: "G"), UInt8(ascii: "L"))
    public static let galileo = NMEATalker(UInt8(ascii: "G"), UInt8(ascii: "A"))
}

/// A decoded sentence of a type the logger uses.
public enum NMEASentence: Sendable, Equatable {
    case rmc(RMC)
    case gga(GGA)
    case gsa(GSA)
    case gst(GST)
    case vtg(VTG)
    case gns(GNS)
    case gll(GLL)
    case gsv(GSV)
    case zda(ZDA)

    public var talker: NMEATalker {
        switch self {
        case .rmc(let s): s.talker
        case .gga(let s): s.talker
        case .gsa(let s): s.talker
        case .gst(let s): s.talker
        case .vtg(let s): s.talker
        case .gns(let s): s.talker
        case .gll(let s): s.talker
        case .gsv(let s): s.talker
        case .zda(let s): s.talker
        }
    }

    /// UTC time of day of the fix the sentence describes, when it has a time field and it is
    /// filled (GSA, GSV and VTG have none).
    public var timeOfDayMs: Int? {
        switch self {
        case .rmc(let s): s.timeOfDayMs
        case .gga(let s): s.timeOfDayMs
        case .gst(let s): s.timeOfDayMs
        case .gns(let s): s.timeOfDayMs
        case .gll(let s): s.timeOfDayMs
        case .zda(let s): s.timeOfDayMs
        case .gsa, .vtg, .gsv: nil
        }
    }
}

/// What the decoder made of one checksum-verified sentence.
public enum NMEAResult: Sendable, Equatable {
    case sentence(NMEASentence)
    /// Well-formed but of no use to the logger: proprietary `$P...` and types we do not decode
    /// (TXT, RMB, GBS, DPT...). Not an error, so not counted as a rejection.
    case ignored(tag: String)
    case rejected(NMEARejection)
}

/// Knots to metres per second (1 nautical mile = 1852 m).
@usableFromInline let metresPerSecondPerKnot = 1852.0 / 3600.0
