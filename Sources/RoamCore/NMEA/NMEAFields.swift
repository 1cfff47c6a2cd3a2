/// Reads the comma-separated fields of one sentence body in order, straight from its bytes
/// (no String, no splitting, no allocation).
///
/// Every reader returns nil for an empty or missing field (receivers leave fields empty when
/// they have no value, and older NMEA versions end early). A field that is present but not of
/// the expected form also returns nil and records its index in `malformedIndex`, so a decoder
/// can reject the sentence once it has read what it needs.
struct NMEAFieldCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    /// Index of the next field; the tag (`GPGGA`) is field 0.
    private(set) var index = 0
    /// Number of fields after the tag.
    let count: Int
    /// First field that was present but malformed.
    private(set) var malformedIndex: Int?

    /// `body` is `$` up to, not including, `*`.
    init(body: UnsafeBufferPointer<UInt8>) {
        bytes = body
        position = 1
        // A branch-free count with a wrapping add (no overflow check per byte): the compiler
        // vectorises it. Counted for every sentence framed (about 4 % of the sensor thread at 10 Hz).
        var commas = 0
        for b in body { commas &+= b == UInt8(ascii: ",") ? 1 : 0 }
        count = commas
    }

    /// The next field's byte range within the body (empty past the end).
    mutating func next() -> Range<Int> {
        let start = min(position, bytes.count)
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
        position = end + 1
        index += 1
        return start..<end
    }

    mutating func skip(_ n: Int = 1) { for _ in 0..<n { _ = next() } }

    /// The tag as text, for `ignored(tag:)` and rejection details (short, so no heap String).
    func text(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self) }

    private mutating func malformed() { markMalformed(index: index - 1) }

    /// For checks across fields (a ZDA date whose parts are each numbers but not a date).
    mutating func markMalformed(index: Int) { if malformedIndex == nil { malformedIndex = index } }

    /// A one-letter field (status, hemisphere, mode). Longer fields keep their first letter
    /// only when `allowLonger` (GNS sends one mode letter per constellation).
    mutating func letter(allowLonger: Bool = false) -> UInt8? {
        let r = next()
        guard !r.isEmpty else { return nil }
        if r.count > 1 && !allowLonger { malformed(); return nil }
        return bytes[r.lowerBound]
    }

    /// GNS's mode field, one letter per system (GPS, GLONASS, Galileo, BeiDou, then others: NMEA 0183
    /// 4.10), as one letter for the solution: N (no fix) only when every system says N; else a
    /// measuring letter (A, D, P, R, F) of any system used; else the first used system's (E, M, S:
    /// not measured). `NAAN` is a fix without GPS satellites, not "no fix" from its first letter.
    mutating func systemsMode() -> UInt8? {
        let r = next()
        guard !r.isEmpty else { return nil }
        var firstUsed: UInt8?
        for i in r where bytes[i] != UInt8(ascii: "N") {
            switch bytes[i] {
            case UInt8(ascii: "A"), UInt8(ascii: "D"), UInt8(ascii: "P"), UInt8(ascii: "R"), UInt8(ascii: "F"): return bytes[i]
            default: if firstUsed == nil { firstUsed = bytes[i] }
            }
        }
        return firstUsed ?? UInt8(ascii: "N")
    }

    /// An unsigned decimal integer.
    mutating func integer() -> Int? {
        let r = next()
        guard !r.isEmpty else { return nil }
        guard r.count <= 9 else { malformed(); return nil }
        var v = 0
        for i in r {
            let d = bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { malformed(); return nil }
            v = v * 10 + Int(d)
        }
        return v
    }

    /// A decimal number such as `-21.3`, `0.98` or `1102.537`.
    mutating func decimal() -> Double? {
        let r = next()
        guard !r.isEmpty else { return nil }
        guard let v = Self.parseDecimal(bytes, r) else { malformed(); return nil }
        return v
    }

    /// `hhmmss` with optional fraction, as milliseconds since midnight. The fraction is cut to
    /// milliseconds, not rounded, as gpsd prints it.
    mutating func timeOfDayMs() -> Int? {
        let r = next()
        guard !r.isEmpty else { return nil }
        guard r.count >= 6, let hh = digits2(r.lowerBound), let mm = digits2(r.lowerBound + 2),
              let ss = digits2(r.lowerBound + 4), hh < 24, mm < 60, ss <= 60 else { malformed(); return nil }
        var ms = 0, scale = 100
        if r.count > 6 {
            guard bytes[r.lowerBound + 6] == UInt8(ascii: "."), r.count > 7 else { malformed(); return nil }
            for i in (r.lowerBound + 7)..<r.upperBound {
                let d = bytes[i] &- UInt8(ascii: "0")
                guard d < 10 else { malformed(); return nil }
                ms += Int(d) * scale
                scale /= 10
            }
        }
        return ((hh * 60 + mm) * 60 + ss) * 1000 + ms
    }

    /// RMC's `ddmmyy`. Two-digit years are 2000–2079 and 1980–1999, as gpsd reads them;
    /// GPS week rollover is the time pipeline's business, not the parser's.
    mutating func ddmmyy() -> UTCDate? {
        let r = next()
        guard !r.isEmpty else { return nil }
        guard r.count == 6, let dd = digits2(r.lowerBound), let mo = digits2(r.lowerBound + 2),
              let yy = digits2(r.lowerBound + 4), (1...31).contains(dd), (1...12).contains(mo) else { malformed(); return nil }
        return UTCDate(year: yy >= 80 ? 1900 + yy : 2000 + yy, month: mo, day: dd)
    }

    /// Latitude `ddmm.mmmm` plus `N`/`S`, in degrees (south negative). Two fields.
    mutating func latitude() -> Double? { angle(degreeDigits: 2, limit: 90, positive: "N", negative: "S") }

    /// Longitude `dddmm.mmmm` plus `E`/`W`, in degrees (west negative). Two fields.
    mutating func longitude() -> Double? { angle(degreeDigits: 3, limit: 180, positive: "E", negative: "W") }

    private mutating func angle(degreeDigits: Int, limit: Double, positive: Unicode.Scalar, negative: Unicode.Scalar) -> Double? {
        let value = decimal()
        let hemisphere = letter()
        guard let value, let hemisphere else { return nil }
        // MTK receivers send 8960.000000 (89 degrees 60 minutes) as a placeholder, so allow 60.
        let degrees = (value / 100).rounded(.towardZero)
        let minutes = value - degrees * 100
        let result = degrees + minutes / 60
        guard value >= 0, minutes <= 60, result <= limit else { markMalformed(index: index - 2); return nil }
        switch hemisphere {
        case UInt8(ascii: positive): return result
        case UInt8(ascii: negative): return -result
        default: markMalformed(index: index - 1); return nil
        }
    }

    private func digits2(_ i: Int) -> Int? {
        let a = bytes[i] &- UInt8(ascii: "0"), b = bytes[i + 1] &- UInt8(ascii: "0")
        guard a < 10, b < 10 else { return nil }
        return Int(a) * 10 + Int(b)
    }

    /// Sign, digits, optional point and digits. Exact for up to 15 significant digits
    /// (mantissa and power of ten are both exact doubles, so one correctly rounded division).
    static func parseDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Double? {
        var i = r.lowerBound
        var negative = false
        if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0, seenPoint = false
        while i < r.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                let d = b &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                // Beyond 18 digits the value is far finer than any receiver reports: drop them.
                // Wrapping arithmetic: 18 digits stay below 10^18 < 2^63, so no overflow check is needed.
                if digits < 18 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    if seenPoint { fractionDigits &+= 1 }
                } else if !seenPoint {
                    return nil
                }
                digits &+= 1
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        let v = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -v : v
    }

    private static let powersOfTen: [Double] = (0...18).map { n in (0..<n).reduce(1.0) { acc, _ in acc * 10 } }
}
