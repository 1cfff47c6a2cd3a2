extension String {
    /// Without the white space and line ends around it: a sysfs or configfs attribute ends in "\n".
    var trimmedOfSpace: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
