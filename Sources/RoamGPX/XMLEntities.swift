/// The five predefined XML entities and numeric character references, turned back into text:
/// a creator attribute such as `creator="Bike &amp; Co"` reads as the device named it.
enum XMLEntities {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[amp...]
            guard let semi = tail.firstIndex(of: ";"), tail.distance(from: amp, to: semi) <= 10 else {
                out += tail
                return out
            }
            let name = tail[tail.index(after: amp)..<semi]
            if let replacement = character(String(name)) {
                out.append(replacement)
            } else {
                out += tail[amp...semi]   // unknown: kept as written
            }
            rest = tail[tail.index(after: semi)...]
        }
        return out + rest
    }

    private static func character(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
            guard name.hasPrefix("#"), let code = UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                  let scalar = Unicode.Scalar(code) else { return nil }
            return Character(scalar)
        }
    }
}
