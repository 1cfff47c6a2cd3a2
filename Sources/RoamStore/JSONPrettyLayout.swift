/// The layout of Foundation's `JSONEncoder.OutputFormatting.prettyPrinted`, laid over compact JSON
/// text: two spaces per level, " : " after a key, one member or element per line. `view` shows a
/// ride's parameters this way, and a page must stay byte for byte what it was.
enum JSONPrettyLayout {
    static func indent(_ compact: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count * 2)
        var level = 0
        var inString = false, escaped = false
        var i = 0
        func newline(_ level: Int) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
        }
        while i < compact.count {
            let byte = compact[i]
            i += 1
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if i < compact.count && compact[i] == close {
                    // An empty container keeps its blank line, as Foundation writes it.
                    out.append(0x0A)
                    newline(level)
                    out.append(close)
                    i += 1
                } else {
                    level += 1
                    newline(level)
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level -= 1
                newline(level)
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline(level)
            case UInt8(ascii: ":"):
                out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
            default:
                out.append(byte)
            }
        }
        return out
    }
}
