/// The 14-byte FIT file header: size, protocol 2.0, profile version, data size, ".FIT", header CRC.
enum FITHeader {
    static let size = 14
    static let protocolVersion: UInt8 = 0x20
    /// Profile 21.60, encoded as major × 100 + minor.
    static let profileVersion: UInt16 = 2160
    /// The board has no serial number; Garmin Connect tells activities apart by serial and
    /// time_created, and time_created is the ride's start.
    static let serialNumber: Int64 = 0x524F_414D  // "ROAM"

    static func bytes(dataSize: Int) -> [UInt8] {
        precondition(dataSize >= 0 && dataSize <= Int(UInt32.max), "FIT data size out of range")
        let n = UInt32(dataSize)
        var b: [UInt8] = [UInt8(size), protocolVersion, UInt8(profileVersion & 0xFF), UInt8(profileVersion >> 8),
                          UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF), UInt8((n >> 16) & 0xFF), UInt8(n >> 24),
                          0x2E, 0x46, 0x49, 0x54]  // ".FIT"
        let crc = FITCRC.of(b)
        b += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return b
    }
}
