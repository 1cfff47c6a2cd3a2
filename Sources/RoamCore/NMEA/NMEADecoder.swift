/// Turns one checksum-verified sentence into a value: decoded, ignored or rejected.
/// Stateless; never throws, never traps, whatever the bytes.
public enum NMEADecoder {
    /// gpsd's NMEA_MAX: a known sentence longer than this is taken for two merged sentences
    /// (the Garmin GPS-10 emits those with a valid checksum) and dropped. Proprietary sentences
    /// may be longer (MTK `$PMTKCHN` is 203 bytes) and are ignored anyway.
    public static let maxKnownSentenceBytes = 130

    /// Decodes a sentence the framer has verified.
    public static func decode(_ frame: NMEAFrame) -> NMEAResult {
        var f = NMEAFieldCursor(body: frame.body)
        let tag = f.next()
        let body = frame.body
        guard tag.count >= 2, body[tag.lowerBound] == UInt8(ascii: "P") || tag.count >= 5 else {
            return .rejected(.malformedTag)
        }
        for i in tag where !isTagByte(body[i]) { return .rejected(.malformedTag) }
        // Proprietary sentences ($PMTK, $PSRF, $PSTI, $PERD...) carry nothing we log.
        if body[tag.lowerBound] == UInt8(ascii: "P") { return .ignored(tag: f.text(tag)) }
        let talker = NMEATalker(body[tag.lowerBound], body[tag.lowerBound + 1])
        guard isUpper(talker.first), isUpper(talker.second) else { return .rejected(.malformedTag) }
        guard tag.count == 5, let kind = Kind(body[tag.lowerBound + 2], body[tag.lowerBound + 3], body[tag.lowerBound + 4]) else {
            return .ignored(tag: f.text(tag))
        }
        guard frame.line.count <= maxKnownSentenceBytes else { return .rejected(.overlong(bytes: frame.line.count)) }
        guard f.count >= kind.minimumFields else {
            return .rejected(.tooFewFields(tag: f.text(tag), count: f.count, minimum: kind.minimumFields))
        }
        let sentence: NMEASentence
        switch kind {
        case .rmc: sentence = .rmc(RMC.parse(talker, &f))
        case .gga: sentence = .gga(GGA.parse(talker, &f))
        case .gsa: sentence = .gsa(GSA.parse(talker, &f))
        case .gst: sentence = .gst(GST.parse(talker, &f))
        case .vtg: sentence = .vtg(VTG.parse(talker, &f))
        case .gns: sentence = .gns(GNS.parse(talker, &f))
        case .gll: sentence = .gll(GLL.parse(talker, &f))
        case .gsv: sentence = .gsv(GSV.parse(talker, &f))
        case .zda: sentence = .zda(ZDA.parse(talker, &f))
        }
        if let bad = f.malformedIndex { return .rejected(.malformedField(tag: f.text(tag), index: bad)) }
        return .sentence(sentence)
    }

    /// Checks the checksum of a whole line (`$...*hh`, no line ending) and decodes it.
    /// For tests and tools; the stream goes through the framer instead.
    public static func decode(line: String) -> NMEAResult {
        var copy = line
        return copy.withUTF8 { bytes in
            switch NMEAChecksum.verify(bytes) {
            case .valid(let star): decode(NMEAFrame(line: bytes, starIndex: star))
            case .invalid(let rejection): .rejected(rejection)
            }
        }
    }

    private enum Kind {
        case rmc, gga, gsa, gst, vtg, gns, gll, gsv, zda

        init?(_ a: UInt8, _ b: UInt8, _ c: UInt8) {
            switch (a, b, c) {
            case (0x52, 0x4D, 0x43): self = .rmc  // RMC
            case (0x47, 0x47, 0x41): self = .gga  // GGA
            case (0x47, 0x53, 0x41): self = .gsa  // GSA
            case (0x47, 0x53, 0x54): self = .gst  // GST
            case (0x56, 0x54, 0x47): self = .vtg  // VTG
            case (0x47, 0x4E, 0x53): self = .gns  // GNS
            case (0x47, 0x4C, 0x4C): self = .gll  // GLL
            case (0x47, 0x53, 0x56): self = .gsv  // GSV
            case (0x5A, 0x44, 0x41): self = .zda  // ZDA
            default: return nil
            }
        }

        var minimumFields: Int {
            switch self {
            case .rmc: RMC.minimumFields
            case .gga: GGA.minimumFields
            case .gsa: GSA.minimumFields
            case .gst: GST.minimumFields
            case .vtg: VTG.minimumFields
            case .gns: GNS.minimumFields
            case .gll: GLL.minimumFields
            case .gsv: GSV.minimumFields
            case .zda: ZDA.minimumFields
            }
        }
    }

    private static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
    private static func isTagByte(_ b: UInt8) -> Bool { isUpper(b) || (b >= 0x30 && b <= 0x39) }
}
