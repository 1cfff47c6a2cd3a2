/// The compact byte layout of the pipeline state committed with every batch (`PipelineState+Bytes`
/// lists the fields). Written by hand, without `Codable`: the JSON through `Codable` was an eighth
/// of the 1 Hz commit thread's time (docs/BENCHMARKS.md).
///
/// Each struct is a record: its byte length, then its fields in a fixed order. A reader that
/// reaches the end of a record before a field leaves that field at its default, so a state
/// written before a field was added reads as the JSON's tolerant decoders did; a reader skips
/// fields after the ones it knows (written by a newer build). So a new field goes at the END of
/// its struct's list, in the writer and the reader alike.
///
/// Values: integers as LEB128 varints (signed ones zigzagged); a Double as a whole number of
/// thousandths when it is exactly one (tag 9, then the signed varint: 0.999 s or 47.125 m in three
/// bytes; the pipeline rounds altitudes to millimetres and its intervals come from milliseconds),
/// else as its bit pattern without the trailing zero bytes (tag 0…8, then the high bytes first:
/// 0 is one byte, 2.5 three, a latitude nine; NaN, infinities and -0 exactly); a Bool as 0 or 1,
/// an optional as 0 (nil) or 1 and the value, a String or an array as a count then its elements.
protocol StateBytesValue {
    func write(to w: inout StateBytesWriter)
    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure)
}

struct StateBytesWriter {
    var bytes: [UInt8] = []
    private var openRecords: [Int] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func put<T: StateBytesValue>(_ value: T) { value.write(to: &self) }

    /// Starts a record; `close` writes its length where `open` left room for one byte.
    mutating func open() {
        openRecords.append(bytes.count)
        bytes.append(0)
    }

    mutating func close() {
        let at = openRecords.removeLast()
        let length = bytes.count - at - 1
        if length < 0x80 {
            bytes[at] = UInt8(length)
        } else {
            var prefix = StateBytesWriter(capacity: 3)
            prefix.varint(UInt64(length))
            bytes.replaceSubrange(at...at, with: prefix.bytes)
        }
    }

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
}

/// What is wrong with stored state bytes, in words.
public struct StateBytesFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
}

struct StateBytesReader {
    typealias Failure = StateBytesFailure

    private let bytes: [UInt8]
    private(set) var position: Int
    /// Where each open record ends, innermost last; the whole input first.
    private var ends: [Int]

    init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes; position = start; ends = [end]
    }

    /// True when the innermost record has no more fields: the rest keep their defaults.
    var atRecordEnd: Bool { position >= ends[ends.count - 1] }

    /// Reads `field` unless its record ended before it (written by a build that lacked it).
    mutating func read<T: StateBytesValue>(_ field: inout T) throws(Failure) {
        guard !atRecordEnd else { return }
        field = try T(reading: &self)
    }

    mutating func open() throws(Failure) {
        let length = try varint()
        guard length <= UInt64(ends[ends.count - 1] - position) else {
            throw Failure(description: "has a record of \(length) bytes at byte \(position) that runs past its end (truncated)")
        }
        ends.append(position + Int(length))
    }

    /// Ends a record, skipping the fields a newer build wrote after the ones read.
    mutating func close() { position = ends.removeLast() }

    mutating func byte() throws(Failure) -> UInt8 {
        guard position < ends[ends.count - 1] else {
            throw Failure(description: "ends inside a field at byte \(position) (truncated)")
        }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint() throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let b = try byte()
            value |= UInt64(b & 0x7F) << UInt64(shift)
            if b < 0x80 { return value }
        }
        throw Failure(description: "has a number longer than 64 bits at byte \(position)")
    }

    mutating func count() throws(Failure) -> Int {
        let n = try varint()
        guard n <= UInt64(ends[ends.count - 1] - position) else {
            throw Failure(description: "has a count of \(n) at byte \(position) that runs past its end (truncated)")
        }
        return Int(n)
    }
}

extension UInt64: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.varint(self) }
    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) { self = try r.varint() }
}

extension Int64: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.varint(UInt64(bitPattern: (self << 1) ^ (self >> 63))) }
    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        let z = try r.varint()
        self = Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
    }
}

extension Int: StateBytesValue {
    func write(to w: inout StateBytesWriter) { Int64(self).write(to: &w) }
    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        let wide = try Int64(reading: &r)
        guard let value = Int(exactly: wide) else {
            throw StateBytesReader.Failure(description: "has \(wide) at byte \(r.position), too large for this machine's Int")
        }
        self = value
    }
}

extension Bool: StateBytesValue {
    func write(to w: inout StateBytesWriter) { w.bytes.append(self ? 1 : 0) }
    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        let b = try r.byte()
        guard b <= 1 else { throw StateBytesReader.Failure(description: "has \(b) for a yes/no at byte \(r.position - 1)") }
        self = b == 1
    }
}

extension Double: StateBytesValue {
    private static let thousandthsTag: UInt8 = 9

    func write(to w: inout StateBytesWriter) {
        let thousandths = (self * 1000).rounded()
        if self != 0, thousandths.magnitude < 0x1p53, thousandths / 1000 == self {
            w.bytes.append(Self.thousandthsTag)
            Int64(thousandths).write(to: &w)
            return
        }
        let bits = bitPattern
        let length = bits == 0 ? 0 : 8 - bits.trailingZeroBitCount / 8
        w.bytes.append(UInt8(length))
        for i in 0..<length { w.bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(56 - 8 * i))) }
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        let length = Int(try r.byte())
        if length == Self.thousandthsTag {
            self = Double(try Int64(reading: &r)) / 1000
            return
        }
        guard length <= 8 else { throw StateBytesReader.Failure(description: "has a number of \(length) bytes at byte \(r.position - 1)") }
        var bits: UInt64 = 0
        for i in 0..<length { bits |= UInt64(try r.byte()) << UInt64(56 - 8 * i) }
        self = Double(bitPattern: bits)
    }
}

extension String: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.varint(UInt64(utf8.count))
        w.bytes += utf8
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        var utf8: [UInt8] = []
        for _ in 0..<(try r.count()) { utf8.append(try r.byte()) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw StateBytesReader.Failure(description: "has text that is not UTF-8 before byte \(r.position)")
        }
        self = text
    }
}

extension Optional: StateBytesValue where Wrapped: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        guard let value = self else { w.bytes.append(0); return }
        w.bytes.append(1)
        value.write(to: &w)
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        let present = try Bool(reading: &r)
        self = present ? try Wrapped(reading: &r) : nil
    }
}

extension Array: StateBytesValue where Element: StateBytesValue {
    func write(to w: inout StateBytesWriter) {
        w.varint(UInt64(count))
        for element in self { element.write(to: &w) }
    }

    init(reading r: inout StateBytesReader) throws(StateBytesReader.Failure) {
        self = []
        for _ in 0..<(try r.count()) { append(try Element(reading: &r)) }
    }
}
