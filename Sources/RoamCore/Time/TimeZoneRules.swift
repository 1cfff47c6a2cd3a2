/// A time zone read from its TZif file (RFC 8536), the zone database's binary form in
/// /usr/share/zoneinfo: the UTC offset at any instant, as glibc's localtime_r gives it, without ICU.
///
/// The transitions cover the zone's history; after the last one the footer's POSIX TZ string
/// (`PosixTimeZoneRule`) carries the zone on for ever. Bytes in, offsets out: reading the file is
/// the caller's job.
public struct TimeZoneRules: Sendable, Equatable {
    /// One local time type: its offset east of UTC in seconds and whether it is summer time.
    public struct LocalType: Sendable, Equatable {
        public var offsetS: Int
        public var isDST: Bool
    }

    /// Transition instants (UTC seconds), ascending, and the type in force from each on.
    public private(set) var transitions: [Int64] = []
    public private(set) var transitionTypes: [Int] = []
    public private(set) var types: [LocalType] = []
    /// The footer's rule for instants after the last transition; nil in a version 1 file or an empty footer.
    public private(set) var footer: PosixTimeZoneRule?

    /// Parses a TZif file: version 1 (32-bit times only), or 2 and later (the 64-bit block and the footer).
    public init(tzif bytes: [UInt8]) throws(TimeZoneRulesError) {
        var reader = TZifReader(bytes: bytes)
        let v1 = try reader.header()
        guard v1.version >= 2 else {
            try read(&reader, v1, timeSize: 4)
            return
        }
        // The version 1 block is skipped whole: the 64-bit block repeats it with wider times.
        try reader.skip(v1.blockSize(timeSize: 4))
        let v2 = try reader.header()
        try read(&reader, v2, timeSize: 8)
        guard try reader.byte() == 0x0A else { throw TimeZoneRulesError("the footer does not start with a newline") }
        var text: [UInt8] = []
        while true {
            let b = try reader.byte()
            if b == 0x0A { break }
            text.append(b)
        }
        if !text.isEmpty {
            let tz = String(decoding: text, as: UTF8.self)
            guard let rule = PosixTimeZoneRule(tz) else { throw TimeZoneRulesError("its footer '\(tz)' is not a POSIX TZ string") }
            footer = rule
        }
    }

    private mutating func read(_ reader: inout TZifReader, _ h: TZifReader.Header, timeSize: Int) throws(TimeZoneRulesError) {
        guard h.typeCount > 0 else { throw TimeZoneRulesError("it declares no local time type") }
        for _ in 0..<h.timeCount { transitions.append(try reader.signed(timeSize)) }
        for _ in 0..<h.timeCount {
            let index = Int(try reader.byte())
            guard index < h.typeCount else { throw TimeZoneRulesError("a transition names type \(index) of \(h.typeCount)") }
            transitionTypes.append(index)
        }
        for _ in 0..<h.typeCount {
            let offset = try reader.signed(4)
            let dst = try reader.byte()
            _ = try reader.byte() // the abbreviation's index: not shown anywhere
            guard offset > -90_000 && offset < 90_000, dst <= 1 else { throw TimeZoneRulesError("a local time type is out of range") }
            types.append(LocalType(offsetS: Int(offset), isDST: dst == 1))
        }
        for i in transitions.indices.dropFirst() where transitions[i] <= transitions[i - 1] {
            throw TimeZoneRulesError("its transitions are not in ascending order")
        }
        try reader.skip(h.charCount + h.leapCount * (timeSize + 4) + h.standardCount + h.utCount)
    }

    /// The offset east of UTC, in seconds, at `utcS` seconds since 1970 (summer time included).
    public func offsetS(atUTC utcS: Int64) -> Int {
        guard let first = transitions.first, utcS >= first else {
            // Before any transition glibc takes the first type that is not summer time (RFC 8536
            // says type 0; in the files zic writes today both are the local mean time).
            return (types.first { !$0.isDST } ?? types[0]).offsetS
        }
        if utcS >= transitions[transitions.count - 1], let footer { return footer.offsetS(atUTC: utcS) }
        // The last transition at or before the instant.
        var low = 0, high = transitions.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if transitions[mid] <= utcS { low = mid } else { high = mid - 1 }
        }
        return types[transitionTypes[low]].offsetS
    }

    /// `offsetS(atUTC:)` for an instant in milliseconds (rounded down to its second).
    public func offsetS(atUTCms utcMs: Int64) -> Int {
        offsetS(atUTC: utcMs >= 0 ? utcMs / 1000 : (utcMs - 999) / 1000)
    }
}

/// Why bytes are not a zone file, in words for the error that names the zone.
public struct TimeZoneRulesError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Big-endian fields of a TZif file, each read checked against the end.
struct TZifReader {
    struct Header {
        var version: Int
        var utCount, standardCount, leapCount, timeCount, typeCount, charCount: Int

        func blockSize(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + standardCount + utCount
        }
    }

    let bytes: [UInt8]
    var offset = 0

    mutating func header() throws(TimeZoneRulesError) -> Header {
        guard offset + 44 <= bytes.count, Array(bytes[offset..<offset + 4]) == [0x54, 0x5A, 0x69, 0x66] else {
            throw TimeZoneRulesError("it is not a TZif file (no 'TZif' header)")
        }
        let versionByte = bytes[offset + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - 0x30
        guard (1...9).contains(version) else { throw TimeZoneRulesError("its TZif version byte \(versionByte) is unknown") }
        offset += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            let n = try signed(4)
            guard n >= 0 && n < 1 << 20 else { throw TimeZoneRulesError("its header holds an impossible count") }
            counts.append(Int(n))
        }
        return Header(version: version, utCount: counts[0], standardCount: counts[1], leapCount: counts[2],
                      timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    mutating func byte() throws(TimeZoneRulesError) -> UInt8 {
        guard offset < bytes.count else { throw TimeZoneRulesError("it ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A two's complement big-endian integer of `size` bytes (4 or 8).
    mutating func signed(_ size: Int) throws(TimeZoneRulesError) -> Int64 {
        guard offset + size <= bytes.count else { throw TimeZoneRulesError("it ends early") }
        var value: UInt64 = 0
        for b in bytes[offset..<offset + size] { value = value << 8 | UInt64(b) }
        offset += size
        return size == 4 ? Int64(Int32(bitPattern: UInt32(value))) : Int64(bitPattern: value)
    }

    mutating func skip(_ count: Int) throws(TimeZoneRulesError) {
        guard offset + count <= bytes.count else { throw TimeZoneRulesError("it ends early") }
        offset += count
    }
}
