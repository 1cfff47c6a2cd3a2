/// Sizes of files and storage in the unit the options take (--max-mib, the 64 MiB reserve):
/// "64 MiB", "3.2 MiB", under one MiB "420 KiB"; from 10 GiB on "59.6 GiB", from 10 TiB on
/// "10.5 TiB", so a size keeps three figures and a 2 TB card is not "1907348.6 MiB". One place,
/// so a rider never compares "67.1 MB" with "64 MiB", or reads a raw count of bytes.
public enum ByteSize {
    public static func text(_ bytes: Int64) -> String {
        // The magnitude, not `0 - bytes`: Int64.min has no positive twin and negating it traps.
        (bytes < 0 ? "-" : "") + text(magnitude: bytes.magnitude)
    }

    private static func text(magnitude bytes: UInt64) -> String {
        if bytes == 0 { return "0 MiB" }
        if bytes < 1 << 20 { return "\(max(1, (bytes + 512) >> 10)) KiB" }
        let (shift, unit): (UInt64, String) = bytes >= 10 << 40 ? (40, "TiB") : bytes >= 10 << 30 ? (30, "GiB") : (20, "MiB")
        // Tenths of the unit, rounded; a whole number is said without ".0".
        let t = tenths(bytes, shift: shift)
        return (t % 10 == 0 ? "\(t / 10)" : "\(t / 10).\(t % 10)") + " " + unit
    }

    /// `bytes` in tenths of 2^shift bytes, rounded half up: the whole units and the rest apart,
    /// so no size up to 2^63 (Int64.min's magnitude) overflows.
    private static func tenths(_ bytes: UInt64, shift: UInt64) -> UInt64 {
        let rest = bytes & ((1 << shift) - 1)
        return (bytes >> shift) * 10 + (rest * 10 + (1 << (shift - 1))) >> shift
    }
}
