/// RFC 4180 fields: quoted only when they hold a comma, a quote or a line break, quotes doubled.
/// Numbers are written without exponent notation, so spreadsheets and stdlib parsers agree.
enum CSVField {
    static func text(_ s: String) -> String {
        let utf8 = s.utf8
        guard utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return s }
        var out: [UInt8] = [0x22]
        out.reserveCapacity(utf8.count + 8)
        for b in utf8 {
            out.append(b)
            if b == 0x22 { out.append(0x22) }  // a quote inside a quoted field is doubled
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// Shortest text that reads back as the same Double; fixed-point when Swift would use an exponent.
    static func number(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "" }
        let s = String(v)
        let utf8 = s.utf8
        guard utf8.contains(UInt8(ascii: "e")) else {
            // "12.0" -> "12": integral values read back the same without the fraction.
            return utf8.count > 2 && utf8.last == UInt8(ascii: "0") && utf8.dropLast().last == UInt8(ascii: ".") ? String(s.dropLast(2)) : s
        }
        return FixedPoint.format(v, digits: 9)
    }

    static func integer<I: BinaryInteger>(_ v: I?) -> String { v.map { String($0) } ?? "" }
}
