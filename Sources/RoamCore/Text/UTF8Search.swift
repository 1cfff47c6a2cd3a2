/// Substring search over UTF-8 bytes, the one every module uses. The standard library's own
/// (`contains(_:)` of a string, `firstRange(of:)`, `replacing(_:with:)`) lives in _StringProcessing,
/// which the build leaves out: 1.3 MB of the binary, about 0.5 MiB of a ride's resident set
/// (docs/BENCHMARKS.md, "A binary without _StringProcessing"). Byte for byte, so text the same but
/// for its Unicode normalisation does not match; the callers look for ASCII. Inlinable, so each
/// caller's module specializes the byte loop for its own collection: called through the generic
/// entry point, a GPX file's scan for "<trkpt" took 54 times as long (0.87 s for 19 MB instead of 0.016).
public enum UTF8Search {
    /// Where `needle`'s bytes first occur in `bytes` at or after offset `start`; nil when they do not,
    /// or when `needle` is empty.
    @inlinable public static func firstOffset<Bytes: Collection<UInt8>>(of needle: some StringProtocol, in bytes: Bytes, from start: Int = 0) -> Int? {
        let n = Array(needle.utf8)
        guard let head = n.first, start >= 0, bytes.count - n.count >= start else { return nil }
        var i = bytes.index(bytes.startIndex, offsetBy: start)
        let last = bytes.index(bytes.endIndex, offsetBy: -n.count)
        var offset = start
        while i <= last {
            if bytes[i] == head && bytes[i..<bytes.index(i, offsetBy: n.count)].elementsEqual(n) { return offset }
            bytes.formIndex(after: &i)
            offset += 1
        }
        return nil
    }
}

extension StringProtocol {
    /// Whether `needle` occurs in the text (see `UTF8Search`); an empty needle always does.
    @inlinable public func containsText(_ needle: some StringProtocol) -> Bool {
        needle.isEmpty || firstRange(ofText: needle) != nil
    }

    /// The range of the first `needle` in the text (see `UTF8Search`), nil for an empty needle.
    @inlinable public func firstRange(ofText needle: some StringProtocol) -> Range<Index>? {
        let bytes = utf8
        guard let offset = UTF8Search.firstOffset(of: needle, in: bytes) else { return nil }
        let lower = bytes.index(bytes.startIndex, offsetBy: offset)
        return lower..<bytes.index(lower, offsetBy: needle.utf8.count)
    }

    /// The text with each `needle` replaced, left to right and not overlapping (see `UTF8Search`);
    /// unchanged for an empty needle.
    @inlinable public func replacingText(_ needle: some StringProtocol, with replacement: some StringProtocol) -> String {
        var out = ""
        var rest = self[...]
        while !needle.isEmpty, let r = rest.firstRange(ofText: needle) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
