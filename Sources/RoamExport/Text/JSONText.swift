import RoamCore

/// JSON string and number text without Foundation: strings escaped per RFC 8259, numbers in
/// fixed-point notation (never NaN or infinity, which JSON cannot hold: those become null).
enum JSONText {
    static func string(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }

    static func number(_ v: Double?, digits: Int) -> String {
        guard let v, v.isFinite else { return "null" }
        return FixedPoint.format(v, digits: digits)
    }
}
