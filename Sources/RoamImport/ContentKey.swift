import RoamCore

/// The key that tells the same file imported twice: its length in bytes and the 64-bit FNV-1a hash
/// of its bytes, as "fnv1a64:<hex>:<length>".
///
/// Not a cryptographic hash on purpose: the key only has to tell a rider's own files apart, none of
/// them made to collide. Two different files of the same length share a 64-bit hash by accident with
/// a chance of about n²/2⁶⁵ (below 10⁻¹⁰ for 100 000 rides). The board links no cryptographic library
/// (the standard library has none, swift-crypto is an outside package), and a hand-written SHA-256
/// would be code to trust for no gain here. `FNV1a` is stable across builds and machines, and fast
/// enough to key 1 000 files.
public enum ContentKey {
    public static func of(_ bytes: [UInt8]) -> String {
        "fnv1a64:" + FNV1a.hex(FNV1a.hash(bytes)) + ":\(bytes.count)"
    }
}
