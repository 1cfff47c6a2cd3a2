/// One line of board.conf as both of its readers take it: the parser (`BoardProfile.parse`), which
/// judges every line, and `LEDDeclaration.read` (`led-off`), which must find the LED whatever the
/// other lines say. So this reader is lenient: it judges nothing but the shape `key = value`.
public enum BoardConfLine: Equatable, Sendable {
    /// `key = value`, each trimmed of spaces, tabs and carriage returns; the value is what follows the
    /// first `=` (it may hold another, or be empty).
    case setting(key: String, value: String)
    /// Text with no `=` at all, trimmed: the parser refuses it, the LED's reader passes over it.
    case noSetting(String)

    /// The lines of `text` that are neither blank nor a comment (`#` first, after any indentation),
    /// each with its number from 1. Any line ending counts: "\r\n" (a Windows editor's) is one
    /// Character, which a split on "\n" never meets.
    public static func read(_ text: String) -> [(number: Int, line: BoardConfLine)] {
        var lines: [(number: Int, line: BoardConfLine)] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                lines.append((index + 1, .noSetting(line)))
                continue
            }
            let setting = BoardConfLine.setting(key: String(line[..<eq]).trimmingWhitespace(),
                                                value: String(line[line.index(after: eq)...]).trimmingWhitespace())
            lines.append((index + 1, setting))
        }
        return lines
    }
}

extension StringProtocol {
    /// Without the spaces, tabs and carriage returns at either end (board.conf's idea of blank).
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
