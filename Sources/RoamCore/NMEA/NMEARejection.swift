/// Why a line or sentence from the receiver was not used. Bad input is a value, never a throw:
/// the stream counts it per reason and carries on (as gpsd's `nmea_parse` does).
public enum NMEARejection: Sendable, Equatable, Hashable {
    /// The `*hh` checksum does not match the bytes (line noise, or a receiver bug).
    case badChecksum(expected: UInt8, found: UInt8)
    /// No `*hh` at the end. gpsd never passes such sentences on (mtk-3301's `$POLYN`), nor do we:
    /// without a checksum nothing tells a sentence from noise.
    case missingChecksum
    /// Longer than the framer's bound or, for a known sentence type, than gpsd's NMEA_MAX;
    /// `bytes` is the length of the line (line ending excluded).
    case overlong(bytes: Int)
    /// A control or non-ASCII byte inside a sentence, or a run of binary junk (UBX frames on a
    /// u-blox line) outside one.
    case nonPrintable
    /// Printable text on a line that is neither a sentence nor a comment.
    case junk
    /// A `$` arrived before the previous sentence ended (triton400's `$GPGGA,030130$GPGLL,...`):
    /// the earlier fragment is dropped, the later sentence is framed on its own.
    case spliced
    /// The input ended inside a sentence (a capture cut off mid-line).
    case unterminated
    /// The text between `$` and the first comma is not a talker plus a sentence type.
    case malformedTag
    /// A known sentence with fewer fields than its decoder needs.
    case tooFewFields(tag: String, count: Int, minimum: Int)
    /// A field that must be a number, time, date, hemisphere or status letter is not.
    case malformedField(tag: String, index: Int)

    public var reason: NMEARejectionReason {
        switch self {
        case .badChecksum: .badChecksum
        case .missingChecksum: .missingChecksum
        case .overlong: .overlong
        case .nonPrintable: .nonPrintable
        case .junk: .junk
        case .spliced: .spliced
        case .unterminated: .unterminated
        case .malformedTag: .malformedTag
        case .tooFewFields: .tooFewFields
        case .malformedField: .malformedField
        }
    }
}

/// The rejection without its details: the key rejections are counted under.
public enum NMEARejectionReason: String, Sendable, Hashable, CaseIterable, Codable {
    case badChecksum = "bad-checksum"
    case missingChecksum = "missing-checksum"
    case overlong
    case nonPrintable = "non-printable"
    case junk
    case spliced
    case unterminated
    case malformedTag = "malformed-tag"
    case tooFewFields = "too-few-fields"
    case malformedField = "malformed-field"
}
