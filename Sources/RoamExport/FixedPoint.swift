/// Fixed-point decimal text without Foundation or exponent notation: "0.00004500", never "4.5e-05",
/// because GPX and CSV readers parse xsd:decimal-style numbers. Digits are produced into a small
/// byte buffer, once per number: exporters call this several times per fix.
public enum FixedPoint {
    private static let scales: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    public static func format(_ value: Double, digits: Int) -> String {
        precondition((0...9).contains(digits), "digits out of range")
        guard value.isFinite else { return "0" }
        let scaled = (abs(value) * scales[digits]).rounded()
        guard scaled < 9.0e18 else { return String(value) }
        var n = UInt64(scaled)
        let negative = value < 0 && n != 0
        // 19 digits, a point and a sign fit in 21 bytes; filled from the right.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buf in
            var i = 24
            var written = 0
            repeat {
                i -= 1
                buf[i] = UInt8(truncatingIfNeeded: n % 10) &+ 48
                n /= 10
                written += 1
                if written == digits && digits > 0 { i -= 1; buf[i] = 46 }  // "."
            } while n > 0 || written <= digits
            if negative { i -= 1; buf[i] = 45 }  // "-"
            return String(decoding: UnsafeBufferPointer(rebasing: buf[i..<24]), as: UTF8.self)
        }
    }
}
