/// The NMEA 0183 checksum: XOR of every byte between `$` and `*`, sent as two hex digits.
public enum NMEAChecksum {
    /// XOR of `bytes` (pass the bytes between `$` and `*`, both excluded).
    @inlinable
    public static func compute<C: Collection>(_ bytes: C) -> UInt8 where C.Element == UInt8 {
        var sum: UInt8 = 0
        for b in bytes { sum ^= b }
        return sum
    }

    /// Value of one hex digit, upper or lower case (Magellan EC-10X sends lower case); nil otherwise.
    @inlinable
    public static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b &- UInt8(ascii: "a") &+ 10
        default: return nil
        }
    }

    /// Checks a whole sentence `$...*hh` (no line ending).
    /// A valid verdict carries the index of `*`, so callers take the body without scanning again.
    public static func verify(_ line: UnsafeBufferPointer<UInt8>) -> NMEAChecksumVerdict {
        let n = line.count
        // "$" + at least one tag byte + "*hh".
        guard n >= 5, line[0] == UInt8(ascii: "$") else { return .invalid(.malformedTag) }
        let star = n - 3
        guard line[star] == UInt8(ascii: "*") else { return .invalid(.missingChecksum) }
        guard let hi = hexValue(line[n - 2]), let lo = hexValue(line[n - 1]) else {
            return .invalid(.missingChecksum)
        }
        let found = hi << 4 | lo
        var sum: UInt8 = 0
        var i = 1
        while i < star { sum ^= line[i]; i += 1 }
        return sum == found ? .valid(starIndex: star) : .invalid(.badChecksum(expected: sum, found: found))
    }

    /// Convenience for tests and tools: verifies `line` given as text.
    public static func verify(_ line: String) -> NMEAChecksumVerdict {
        var copy = line
        return copy.withUTF8 { verify($0) }
    }

    /// Appends `*hh` to a sentence body that starts with `$` (used by fakes and tests).
    public static func seal(_ body: String) -> String {
        let sum = compute(body.utf8.dropFirst())
        let digits = Array("0123456789ABCDEF".utf8)
        return body + "*" + String(decoding: [digits[Int(sum >> 4)], digits[Int(sum & 0xF)]], as: UTF8.self)
    }
}

/// Outcome of checking a sentence's checksum.
public enum NMEAChecksumVerdict: Sendable, Equatable {
    case valid(starIndex: Int)
    case invalid(NMEARejection)
}
