/// The FIT protocol's CRC-16 (polynomial 0x8005 reflected, initial value 0, no final XOR), computed
/// a nibble at a time as the protocol document describes. Because the 14-byte header carries its
/// own CRC, the running CRC over the header is zero again after it, so the file CRC can be
/// computed over the data alone while it streams, before the header's size field is known.
public struct FITCRC: Sendable, Equatable {
    public private(set) var value: UInt16 = 0

    public init() {}

    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    public mutating func add(_ byte: UInt8) {
        var crc = value
        var t = Self.table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ t ^ Self.table[Int(byte & 0xF)]
        t = Self.table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        value = crc ^ t ^ Self.table[Int((byte >> 4) & 0xF)]
    }

    public mutating func add<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        for b in bytes { add(b) }
    }

    public static func of<C: Collection>(_ bytes: C) -> UInt16 where C.Element == UInt8 {
        var crc = FITCRC()
        crc.add(bytes)
        return crc.value
    }
}
