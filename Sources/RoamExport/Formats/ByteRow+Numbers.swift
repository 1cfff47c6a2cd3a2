import RoamCore

/// Numbers and times as text, appended without building a String. Each writes exactly the text
/// its String counterpart writes (`String(value)`, `FixedPoint.format`, `CivilDate.iso8601`);
/// `WriterReferenceTests` and `ByteRowTests` hold them to it.
extension ByteRow {
    /// Decimal digits with a leading "-", as `String(value)`.
    func append(decimal value: Int64) {
        if value < 0 { append(0x2D) }
        append(decimal: value.magnitude)
    }

    func append(decimal value: Int) { append(decimal: Int64(value)) }

    func append(decimal value: UInt64) {
        let length = Self.decimalLength(value)
        append(count: length) { p in
            // Two digits per division, from "00" to "99" in one table.
            let pairs = Self.digitPairs.utf8Start
            var n = value
            var i = length
            while n >= 100 {
                let pair = Int(n % 100) * 2
                n /= 100
                i -= 2
                p[i] = pairs[pair]
                p[i + 1] = pairs[pair + 1]
            }
            if n >= 10 {
                p[0] = pairs[Int(n) * 2]
                p[1] = pairs[Int(n) * 2 + 1]
            } else {
                p[0] = UInt8(truncatingIfNeeded: n) &+ 0x30
            }
        }
    }

    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// How many digits `String(value)` has.
    static func decimalLength(_ value: UInt64) -> Int { FixedPoint.decimalLength(value) }

    /// `String(value)` left-padded with zeros to `width` characters, a sign counting as one:
    /// the padding `CivilDate.iso8601` applies.
    func append(decimal value: Int64, width: Int) {
        let length = Self.decimalLength(value.magnitude) + (value < 0 ? 1 : 0)
        for _ in length..<Swift.max(length, width) { append(0x30) }
        append(decimal: value)
    }

    /// Two digits of 0...99, the common case of the time fields.
    private func append(twoDigits value: Int64) {
        append(count: 2) { p in
            p[0] = UInt8(truncatingIfNeeded: value / 10) &+ 0x30
            p[1] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
        }
    }

    /// `FixedPoint.format(value, digits:)`.
    func append(fixed value: Double, digits: Int) { FixedPoint.append(value, digits: digits, to: self) }

    /// The shortest text that reads back as the same Double, exactly `String(value)` for finite
    /// values. `Double.write(to:)` prints into a stack buffer and hands over its ASCII through
    /// `_writeASCII` without building a String; were a later standard library to send a String
    /// instead, the text would be the same, only slower.
    func append(shortest value: Double) {
        var stream = Stream(row: self)
        value.write(to: &stream)
    }

    /// ISO 8601 UTC with milliseconds, e.g. 2020-03-18T13:28:19.600Z, as `CivilDate.iso8601(utcMs:)`.
    func append(iso8601 utcMs: Int64) {
        let days = utcMs >= 0 ? utcMs / 86_400_000 : (utcMs - 86_399_999) / 86_400_000
        let msOfDay = utcMs - days * 86_400_000  // 0 ..< 86 400 000 whatever the sign of utcMs
        let d = CivilDate.civilFromDays(days)
        if (0...9999).contains(d.year) {
            append(twoDigits: Int64(d.year / 100)); append(twoDigits: Int64(d.year % 100))
        } else {
            append(decimal: Int64(d.year), width: 4)
        }
        append(0x2D); append(twoDigits: Int64(d.month)); append(0x2D); append(twoDigits: Int64(d.day))
        append(0x54); append(twoDigits: msOfDay / 3_600_000)
        append(0x3A); append(twoDigits: msOfDay / 60_000 % 60)
        append(0x3A); append(twoDigits: msOfDay / 1000 % 60)
        let ms = msOfDay % 1000
        append(0x2E); append(UInt8(truncatingIfNeeded: ms / 100) &+ 0x30); append(twoDigits: ms % 100)
        append(0x5A)
    }

    private struct Stream: TextOutputStream {
        let row: ByteRow
        mutating func write(_ string: String) { row.append(utf8: string) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { row.append(buffer) }
    }
}
