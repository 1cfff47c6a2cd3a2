/// The String-building number and escape helpers the writers used before they were made fast, copied so the
/// reference stays fixed while the production helpers change.
extension LegacyTextExport {
    private static let scales: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (abs(value) * scales[digits]).rounded()
        guard scaled < 9.0e18 else { return String(value) }
        var n = UInt64(scaled)
        let negative = value < 0 && n != 0
        var out: [UInt8] = []
        var written = 0
        repeat {
            out.append(UInt8(n % 10) + 48)
            n /= 10
            written += 1
            if written == digits && digits > 0 { out.append(46) }
        } while n > 0 || written <= digits
        if negative { out.append(45) }
        return String(decoding: out.reversed(), as: UTF8.self)
    }

    static func csvText(_ s: String) -> String {
        let utf8 = s.utf8
        guard utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return s }
        var out: [UInt8] = [0x22]
        for b in utf8 {
            out.append(b)
            if b == 0x22 { out.append(0x22) }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    static func csvNumber(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "" }
        let s = String(v)
        let utf8 = s.utf8
        guard utf8.contains(UInt8(ascii: "e")) else {
            return utf8.count > 2 && utf8.last == UInt8(ascii: "0") && utf8.dropLast().last == UInt8(ascii: ".") ? String(s.dropLast(2)) : s
        }
        return fixed(v, 9)
    }

    static func xmlEscape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if c.value < 0x20 && c != "\t" && c != "\n" && c != "\r" { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
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
}
