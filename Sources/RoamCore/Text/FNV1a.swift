/// The 64-bit FNV-1a hash, the board's one content stamp: the import's key of a file already
/// imported, the drive's stamp of its rides' contents and of its shared files, the checksum that
/// tells a torn slot of the recorder's status file from a whole one. Not cryptographic
/// (the board links no such library): it only tells a rider's own data apart, stable across builds
/// and machines.
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`, continuing from `hash` (the offset basis for a fresh one).
    /// Inlinable so each caller's module specializes it for its own byte type: called across modules
    /// unspecialized, each byte went through the generic iterator's witnesses (the recorder's status
    /// write, every 5 s while riding: about 190 000 instructions for a slot's 377 bytes, 2.4 % of
    /// the commit thread's at 10 Hz under callgrind).
    @inlinable
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// Sixteen lowercase hex digits, leading zeros kept.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
