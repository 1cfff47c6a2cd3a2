extension FilePath {
    /// `path` as every message prints a path a user gave: a control character (a newline, a
    /// carriage return, an escape, C1 controls, DEL) is written as `\n`, `\r`, `\t` or `\xNN`
    /// (`\u{NN}` above 0xFF), so a file's name cannot forge a second line of output or of the log,
    /// nor move a terminal's cursor. Everything else, a backslash included, is printed as it is:
    /// an ordinary name reads exactly as the rider typed it.
    public static func shown(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isControl) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                text += scalar.value <= 0xFF ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// C0 and C1 controls, DEL, and the line and paragraph separators some terminals and logs break on.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
