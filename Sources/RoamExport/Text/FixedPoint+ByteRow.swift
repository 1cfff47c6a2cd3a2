import RoamCore

extension FixedPoint {
    /// Appends the bytes of `format(value, digits:)`.
    static func append(_ value: Double, digits: Int, to row: ByteRow) {
        precondition((0...9).contains(digits), "digits out of range")
        guard value.isFinite else { return row.append(0x30) }  // "0", whatever the digits
        guard let (n, negative) = scaled(value, digits: digits) else { return row.append(shortest: value) }
        let length = length(n, digits: digits, negative: negative)
        row.append(count: length) { render(n, digits: digits, negative: negative, into: $0, length: length) }
    }
}
