extension StringProtocol {
    /// Without the white space and line ends around it: what a sysfs or configfs attribute, a
    /// hand-written control file, a GPX element's text or a receiver's padded version string holds,
    /// as its reader means it. (board.conf keeps its own, narrower rule: `BoardProfileParser`.)
    public var trimmedOfWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
