/// Fixed-point decimal text without Foundation or exponent notation: "0.00004500", never "4.5e-05",
/// because GPX and CSV readers parse xsd:decimal-style numbers. Exporters call this several
/// times per fix, so the digits go straight into the row (`append`) or a stack buffer (`format`).
public enum FixedPoint {
    private static let scales: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    public static func format(_ value: Double, digits: Int) -> String {
        precondition((0...9).contains(digits), "digits out of range")
        guard value.isFinite else { return "0" }
        guard let (n, negative) = scaled(value, digits: digits) else { return String(value) }
        let length = length(n, digits: digits, negative: negative)
        // 19 digits, a point and a sign fit in 21 bytes.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buf in
            render(n, digits: digits, negative: negative, into: buf.baseAddress!, length: length)
            return String(decoding: UnsafeBufferPointer(rebasing: buf[..<length]), as: UTF8.self)
        }
    }

    /// The value times 10^digits, rounded, and whether a "-" goes in front (never for "-0.00");
    /// nil when it is too large for fixed point (then Swift's own text, exponent and all, is the
    /// answer). The callers answer "0" for NaN and infinity first.
    package static func scaled(_ value: Double, digits: Int) -> (UInt64, negative: Bool)? {
        let scaled = (abs(value) * scales[digits]).rounded()
        guard scaled < 9.0e18 else { return nil }
        let n = UInt64(scaled)
        return (n, value < 0 && n != 0)
    }

    /// Digits (at least one before the point), the point when `digits` > 0, and the sign.
    package static func length(_ n: UInt64, digits: Int, negative: Bool) -> Int {
        Swift.max(decimalLength(n), digits + 1) + (digits > 0 ? 1 : 0) + (negative ? 1 : 0)
    }

    /// How many decimal digits `value` has.
    package static func decimalLength(_ value: UInt64) -> Int {
        var length = 1
        var n = value
        while n >= 10_000 { n /= 10_000; length += 4 }
        while n >= 10 { n /= 10; length += 1 }
        return length
    }

    /// Fills `p[0..<length]` from the right: digits, the point after `digits` of them, the sign.
    package static func render(_ n: UInt64, digits: Int, negative: Bool, into p: UnsafeMutablePointer<UInt8>, length: Int) {
        var n = n
        var i = length
        var written = 0
        repeat {
            i -= 1
            p[i] = UInt8(truncatingIfNeeded: n % 10) &+ 0x30
            n /= 10
            written += 1
            if written == digits && digits > 0 { i -= 1; p[i] = 0x2E }  // "."
        } while n > 0 || written <= digits
        if negative { i -= 1; p[i] = 0x2D }  // "-"
        assert(i == 0, "length disagrees with the digits rendered")
    }
}
