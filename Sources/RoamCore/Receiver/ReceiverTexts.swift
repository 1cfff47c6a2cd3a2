/// What a module's text lines said over one set-up ($..TXT, $PMTK705): the line that tells a rider
/// what the module is, and its antenna supervisor's latest status. A u-blox prints a dozen TXT lines
/// at power-up (u-blox M8: "u-blox AG - www.u-blox.com", "HW UBX-M8030 00080000", "ROM CORE 3.01
/// (107888)", "FWVER=SPG 3.01", "PROTVER=18.00", its constellations, "ANTSUPERV=AC SD PDoS SR",
/// "ANTSTATUS=OK", "PF=3FF") and "ANTSTATUS=…" again whenever the antenna changes (INIT, OK, SHORT,
/// OPEN, DONTKNOW: u-blox integration manuals, "Antenna supervisor"); the last line read says least.
public struct ReceiverTexts: Sendable, Equatable {
    /// How much a text line says of what the module is: its hardware, product or firmware beats
    /// its maker, which beats any other words; settings and status lines name nothing.
    enum Naming: Int, Comparable {
        case nothing, other, maker, product
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// The first line of the most telling kind, in the module's own words ("HW UBX-M8030 00080000").
    public private(set) var identity: String?
    private var identityNaming = Naming.nothing
    /// The antenna supervisor's latest report.
    public private(set) var antenna: AntennaStatus?

    public init() {}

    public enum AntennaStatus: String, Sendable, Equatable {
        case ok = "OK", short = "SHORT", open = "OPEN", other

        /// What a rider should hear of it, a sentence without its full stop: nothing while it is fine or not yet known.
        public var problem: String? {
            switch self {
            case .short: "The antenna is shorted (ANTSTATUS=SHORT): check the antenna's cable and connector"
            case .open: "The antenna is open (ANTSTATUS=OPEN): none is connected or its cable is broken; check the antenna's connector"
            case .ok, .other: nil
            }
        }
    }

    /// Notes one checksummed sentence (text without line ending); any other sentence is ignored.
    public mutating func note(_ line: String) {
        guard let text = Self.moduleText(line) else { return }
        if text.hasPrefix("ANTSTATUS=") {
            antenna = AntennaStatus(rawValue: String(text.dropFirst("ANTSTATUS=".count))) ?? .other
            return
        }
        let naming = line.hasPrefix("$PMTK705") ? .product : Self.naming(text)
        if naming > identityNaming { (identity, identityNaming) = (text, naming) }
    }

    static func naming(_ text: String) -> Naming {
        let upper = text.uppercased()
        let settings = ["ANTSUPERV=", "PF=", "LLC=", "PROTVER", "GNSS OTP"]
        if settings.contains(where: { upper.hasPrefix($0) }) || upper == "ANTENNA OK" { return .nothing }
        // u-blox: "HW UBX-M8030 …", "ANTARIS ATR062x HW 80040001", "ROM CORE …", "FWVER=…", "MOD=…";
        // CASIC: "HW=ATGM336H,…", "IC=AT6558-…", "SW=…".
        let product = ["HW ", "HW=", "ROM CORE", "FWVER=", "MOD=", "IC=", "SW="]
        if product.contains(where: { upper.hasPrefix($0) }) || upper.containsText(" HW ") { return .product }
        if upper.containsText("U-BLOX") || upper.hasPrefix("MA=") { return .maker }
        return .other
    }

    /// The words of a text sentence, nil for any other or an empty one: a TXT's text after its count,
    /// number and type fields ("u-blox AG - www.u-blox.com"), a PMTK705's release fields ("AXN_2.31 5632 PA6H 1.0").
    static func moduleText(_ line: String) -> String? {
        let body = line.prefix { $0 != "*" }
        let fields = body.split(separator: ",", omittingEmptySubsequences: false)
        let words: String
        if body.hasPrefix("$PMTK705") {
            words = fields.dropFirst().filter { !$0.isEmpty }.joined(separator: " ")
        } else if body.dropFirst(3).hasPrefix("TXT,") {
            words = fields.dropFirst(4).joined(separator: ",")
        } else {
            return nil
        }
        return words.isEmpty ? nil : words
    }
}
