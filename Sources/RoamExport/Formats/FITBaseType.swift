/// The FIT base types this exporter writes: the byte a definition message carries for each
/// (endian-ability bit included), its size, and the value that means "invalid" (no data).
enum FITBaseType: UInt8, Sendable {
    case enumeration = 0x00
    case sint8 = 0x01
    case uint8 = 0x02
    case uint16 = 0x84
    case sint32 = 0x85
    case uint32 = 0x86
    case uint32z = 0x8C

    var size: Int {
        switch self {
        case .enumeration, .sint8, .uint8: return 1
        case .uint16: return 2
        case .sint32, .uint32, .uint32z: return 4
        }
    }

    /// The bit pattern of the invalid value, little-endian in `size` bytes.
    var invalidPattern: UInt64 {
        switch self {
        case .enumeration, .uint8: return 0xFF
        case .sint8: return 0x7F
        case .uint16: return 0xFFFF
        case .sint32: return 0x7FFF_FFFF
        case .uint32: return 0xFFFF_FFFF
        case .uint32z: return 0
        }
    }

    /// The valid range; the invalid value itself is excluded so a clamped value never reads as "no data".
    var validRange: ClosedRange<Int64> {
        switch self {
        case .enumeration, .uint8: return 0...0xFE
        case .sint8: return -0x80...0x7E
        case .uint16: return 0...0xFFFE
        case .sint32: return -0x8000_0000...0x7FFF_FFFE
        case .uint32: return 0...0xFFFF_FFFE
        case .uint32z: return 1...0xFFFF_FFFF
        }
    }

    /// Appends `value` (clamped into the valid range) or the invalid value for nil.
    func append(_ value: Int64?, to bytes: inout [UInt8]) {
        let pattern: UInt64
        if let value {
            let r = validRange
            pattern = UInt64(bitPattern: min(max(value, r.lowerBound), r.upperBound))
        } else {
            pattern = invalidPattern
        }
        for i in 0..<size { bytes.append(UInt8(truncatingIfNeeded: pattern >> (8 * UInt64(i)))) }
    }
}
