extension StringProtocol {
    /// Without leading and trailing white space and line ends: what a sysfs attribute or a
    /// hand-written control file holds, as its reader means it.
    var trimmedOfWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
