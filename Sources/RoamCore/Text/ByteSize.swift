/// Sizes of files and storage in the unit the options take (--max-mib, the 64 MiB reserve):
/// "64 MiB", "3.2 MiB", under one MiB "420 KiB". One place, so a rider never compares "67.1 MB"
/// with "64 MiB", or reads a raw count of bytes.
public enum ByteSize {
    public static func text(_ bytes: Int64) -> String {
        if bytes < 0 { return "-" + text(0 - bytes) }
        if bytes == 0 { return "0 MiB" }
        if bytes < 1 << 20 { return "\(max(1, (bytes + 512) >> 10)) KiB" }
        // Tenths of a MiB, rounded; a whole number is said without ".0".
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}
