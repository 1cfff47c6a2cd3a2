import RoamCore

/// RFC 4180 fields: quoted only when they hold a comma, a quote or a line break, quotes doubled.
/// Numbers are written without exponent notation, so spreadsheets and stdlib parsers agree.
/// The writer appends fields to its row; the String forms serve tests and one-off text.
enum CSVField {
    /// Appends `parts` joined by `separator` (one ASCII byte) as one field, quoted when the joined
    /// text needs it. The parts (an epoch's sentences, a fix's flag names) are never joined into
    /// a temporary String.
    static func appendText(_ parts: [String], separator: UInt8, to row: ByteRow) {
        let quoted = (parts.count > 1 && needsQuotes(separator)) || parts.contains { needsQuotes($0) }
        if quoted { row.append(0x22) }
        for (i, part) in parts.enumerated() {
            if i > 0 { row.append(separator) }
            guard quoted else { row.append(utf8: part); continue }
            var part = part
            part.withUTF8 { bytes in
                var start = 0
                while let quote = firstQuote(in: bytes, from: start) {
                    // A quote inside a quoted field is doubled.
                    row.append(UnsafeBufferPointer(rebasing: bytes[start...quote]))
                    row.append(0x22)
                    start = quote + 1
                }
                row.append(UnsafeBufferPointer(rebasing: bytes[start...]))
            }
        }
        if quoted { row.append(0x22) }
    }

    /// Appends `lines` as one field on one line: joined by the two characters `\n`, with a
    /// backslash, CR or LF inside a line written `\\`, `\r`, `\n`, so `wc -l` counts rows and the
    /// text comes back exactly by undoing those three escapes. Quoted when it holds a comma or quote.
    static func appendEscapedLines(_ lines: [String], to row: ByteRow) {
        let quoted = lines.contains { line in line.utf8.contains { $0 == 0x2C || $0 == 0x22 } }
        if quoted { row.append(0x22) }
        for (i, line) in lines.enumerated() {
            if i > 0 { row.append(0x5C); row.append(0x6E) }
            var line = line
            line.withUTF8 { bytes in
                var start = 0
                for (j, b) in bytes.enumerated() where b == 0x5C || b == 0x0A || b == 0x0D || b == 0x22 {
                    row.append(UnsafeBufferPointer(rebasing: bytes[start..<j]))
                    switch b {
                    case 0x22: row.append(0x22); row.append(0x22)
                    case 0x0A: row.append(0x5C); row.append(0x6E)
                    case 0x0D: row.append(0x5C); row.append(0x72)
                    default: row.append(0x5C); row.append(0x5C)
                    }
                    start = j + 1
                }
                row.append(UnsafeBufferPointer(rebasing: bytes[start...]))
            }
        }
        if quoted { row.append(0x22) }
    }

    /// Shortest text that reads back as the same Double; fixed-point when Swift would use an
    /// exponent; "12.0" becomes "12" (integral values read back the same without the fraction).
    /// Nothing for nil, NaN and infinity.
    static func appendNumber(_ v: Double?, to row: ByteRow) {
        guard let v, v.isFinite else { return }
        let start = row.count
        row.append(shortest: v)
        // An exponent is "e", a sign and at most three digits: if there is an "e", it is in the last five bytes.
        if row.contains(UInt8(ascii: "e"), inLast: 5, since: start) {
            row.truncate(to: start)
            FixedPoint.append(v, digits: 9, to: row)
        } else if row.count - start > 2 && row.endsWith(UInt8(ascii: "."), UInt8(ascii: "0")) {
            row.truncate(to: row.count - 2)
        }
    }

    static func appendInteger(_ v: Int?, to row: ByteRow) {
        if let v { row.append(decimal: v) }
    }

    static func text(_ s: String) -> String { string { appendText([s], separator: 0x0A, to: $0) } }
    static func number(_ v: Double?) -> String { string { appendNumber(v, to: $0) } }

    /// The index of the first '"' at or after `start`. Eight bytes per step: an epoch's sentences
    /// are some 150 bytes a row, and they rarely hold a quote.
    private static func firstQuote(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var i = start
        while i + 8 <= bytes.count {
            let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x2222_2222_2222_2222
            // Nonzero exactly when one of the eight bytes of x is zero, that is a quote in the word.
            if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] == 0x22 { return i }
            i += 1
        }
        return nil
    }

    private static func needsQuotes(_ b: UInt8) -> Bool { b == 0x2C || b == 0x22 || b == 0x0A || b == 0x0D }

    private static func needsQuotes(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { $0.contains(where: needsQuotes) }
    }

    private static func string(_ build: (ByteRow) -> Void) -> String {
        let row = ByteRow(capacity: 64)
        build(row)
        return String(decoding: row.bytes, as: UTF8.self)
    }
}
