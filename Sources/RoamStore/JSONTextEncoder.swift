import Synchronization

/// The JSON encoder behind `rides.parameters` (and, before `PipelineState+Bytes`, the pipeline
/// state written with every batch, whose old rows `JSONTextDecoder` still reads). Foundation's
/// JSONEncoder spent about 530 000 instructions per commit on this one value (callgrind:
/// 72 % of a commit's CPU, which held durable commits at 0.65 of write+fdatasync on a fast disk).
/// This one walks the same `Encodable` conformances but streams into one byte buffer: no boxes,
/// no dynamic casts, no object per nested value. It writes the text JSONEncoder writes with
/// `.sortedKeys` and `PipelineJSON`'s names for non-finite numbers (keys in UTF-8 byte order,
/// "/" escaped, integral doubles without ".0"), so equal values give equal text and stored states
/// read the same across versions; `PipelineJSONTests` holds it to JSONEncoder byte for byte.
/// `JSONTextDecoder` reads it back; `dump` and `view` write a ride's parameters with it.
public struct JSONTextEncoder: Sendable {
    public var positiveInfinity: String, negativeInfinity: String, nan: String
    /// Foundation's `.prettyPrinted` layout (`JSONPrettyLayout`), for text people read.
    public var prettyPrinted: Bool

    public init(positiveInfinity: String = "inf", negativeInfinity: String = "-inf", nan: String = "nan", prettyPrinted: Bool = false) {
        self.positiveInfinity = positiveInfinity
        self.negativeInfinity = negativeInfinity
        self.nan = nan
        self.prettyPrinted = prettyPrinted
    }

    public func encode<T: Encodable>(_ value: T) throws -> String {
        let writer = JSONStreamWriter(options: self)
        try writer.encodeValue(value)
        if let unsupported = writer.unsupported {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription:
                "JSONTextEncoder streams its output and cannot write \(unsupported); give the type a synthesized or flat conformance"))
        }
        return String(decoding: prettyPrinted ? JSONPrettyLayout.indent(writer.bytes) : writer.bytes, as: UTF8.self)
    }
}

/// The single `Encoder` of one `JSONTextEncoder.encode` call. Containers open as they are asked
/// for; `encodeValue` closes whatever the value opened once its `encode(to:)` returns. Keyed
/// containers remember where each member's bytes lie and put them in key order when they close.
final class JSONStreamWriter: Encoder {
    struct Member {
        var key: String
        var start: Int
        var end: Int
    }

    enum Frame {
        case keyed(bodyStart: Int, depth: Int, keyType: ObjectIdentifier)
        case unkeyed(count: Int)
        case single
    }

    struct State {
        var bytes: [UInt8] = []
        /// The container each value being encoded opened (nil: none yet), innermost last.
        var frames: [Frame?] = []
        /// Members of the open keyed containers, one reused array per nesting depth.
        var members: [[Member]] = []
        var keyedDepth = 0
        /// Set when a conformance asked for something a stream cannot do (nested or super
        /// containers); `encode` throws then, so a batch fails loudly (P3), never stores wrong text.
        var unsupported: String?
    }

    let options: JSONTextEncoder
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    // Behind a pointer: a class's stored properties pay a dynamic exclusivity check per access,
    // which was a third of this encoder's instructions.
    private let state: UnsafeMutablePointer<State>
    var bytes: [UInt8] { state.pointee.bytes }
    var unsupported: String? {
        get { state.pointee.unsupported }
        set { state.pointee.unsupported = newValue }
    }

    init(options: JSONTextEncoder) {
        self.options = options
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        state.pointee.bytes.reserveCapacity(4096)
    }

    deinit { state.deinitialize(count: 1); state.deallocate() }

    // MARK: values

    /// Encodes one value through its own conformance and closes what it opened.
    func encodeValue<T: Encodable>(_ value: T) throws {
        state.pointee.frames.append(nil)
        try value.encode(to: self)
        switch state.pointee.frames.removeLast() {
        case nil: append("{}")
        case .keyed(let bodyStart, let depth, let keyType): closeKeyed(bodyStart: bodyStart, depth: depth, keyType: keyType)
        case .unkeyed: state.pointee.bytes.append(UInt8(ascii: "]"))
        case .single: break
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if state.pointee.frames[state.pointee.frames.count - 1] == nil {
            state.pointee.bytes.append(UInt8(ascii: "{"))
            if state.pointee.members.count == state.pointee.keyedDepth { state.pointee.members.append([]) }
            state.pointee.members[state.pointee.keyedDepth].removeAll(keepingCapacity: true)
            state.pointee.frames[state.pointee.frames.count - 1] = .keyed(bodyStart: state.pointee.bytes.count, depth: state.pointee.keyedDepth,
                                                                         keyType: ObjectIdentifier(Key.self))
            state.pointee.keyedDepth += 1
        }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(writer: self, depth: currentKeyedDepth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if state.pointee.frames[state.pointee.frames.count - 1] == nil {
            state.pointee.bytes.append(UInt8(ascii: "["))
            state.pointee.frames[state.pointee.frames.count - 1] = .unkeyed(count: 0)
        }
        return JSONUnkeyedContainer(writer: self, frame: state.pointee.frames.count - 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if state.pointee.frames[state.pointee.frames.count - 1] == nil { state.pointee.frames[state.pointee.frames.count - 1] = .single }
        return JSONSingleValueContainer(writer: self)
    }

    private var currentKeyedDepth: Int {
        if case .keyed(_, let depth, _) = state.pointee.frames[state.pointee.frames.count - 1] { return depth }
        unsupported = "a keyed container inside another kind of container"
        if state.pointee.members.isEmpty { state.pointee.members.append([]) }
        return max(state.pointee.keyedDepth - 1, 0)
    }

    // MARK: members and elements

    func beginMember(_ key: String, depth: Int) {
        if !state.pointee.members[depth].isEmpty { state.pointee.bytes.append(UInt8(ascii: ",")) }
        state.pointee.members[depth].append(Member(key: key, start: state.pointee.bytes.count, end: state.pointee.bytes.count))
        appendQuoted(key)
        state.pointee.bytes.append(UInt8(ascii: ":"))
    }

    func endMember(depth: Int) { state.pointee.members[depth][state.pointee.members[depth].count - 1].end = state.pointee.bytes.count }

    func beginElement(frame: Int) {
        guard case .unkeyed(let count)? = state.pointee.frames[frame] else { return }
        if count > 0 { state.pointee.bytes.append(UInt8(ascii: ",")) }
        state.pointee.frames[frame] = .unkeyed(count: count + 1)
    }

    func elementCount(frame: Int) -> Int {
        if case .unkeyed(let count)? = state.pointee.frames[frame] { return count }
        return 0
    }

    /// Puts the state.pointee.members in key order (synthesized conformances write them in declaration order).
    private func closeKeyed(bodyStart: Int, depth: Int, keyType: ObjectIdentifier) {
        state.pointee.keyedDepth = depth
        let list = state.pointee.members[depth]
        let order = Self.keyOrder(of: list, keyType: keyType)
        if order.enumerated().contains(where: { $0.offset != $0.element }) {
            var body: [UInt8] = []
            body.reserveCapacity(state.pointee.bytes.count - bodyStart)
            for (i, m) in order.map({ list[$0] }).enumerated() {
                if i > 0 { body.append(UInt8(ascii: ",")) }
                body.append(contentsOf: state.pointee.bytes[m.start..<m.end])
            }
            state.pointee.bytes.replaceSubrange(bodyStart..<state.pointee.bytes.count, with: body)
        }
        state.pointee.bytes.append(UInt8(ascii: "}"))
    }

    /// The members' positions in key order. A synthesized conformance writes the same keys in the
    /// same order every time, so the order found for a key type is kept and reused while the keys match.
    private static func keyOrder(of list: [Member], keyType: ObjectIdentifier) -> [Int] {
        if let known = keyOrders.withLock({ $0[keyType] }), known.keys.count == list.count,
           zip(known.keys, list).allSatisfy({ $0 == $1.key }) {
            return known.order
        }
        let order = list.indices.sorted { list[$0].key.utf8.lexicographicallyPrecedes(list[$1].key.utf8) }
        keyOrders.withLock { $0[keyType] = KeyOrder(keys: list.map(\.key), order: order) }
        return order
    }

    private struct KeyOrder: Sendable {
        var keys: [String]
        var order: [Int]
    }

    private static let keyOrders = Mutex<[ObjectIdentifier: KeyOrder]>([:])

    // MARK: scalars

    func append(_ text: String) { state.pointee.bytes.append(contentsOf: text.utf8) }
    func append(_ b: Bool) { append(b ? "true" : "false") }
    func append<I: BinaryInteger>(integer i: I) { append(String(i)) }

    func append(_ d: Double) {
        guard d.isFinite else { return appendQuoted(d.isNaN ? options.nan : d > 0 ? options.positiveInfinity : options.negativeInfinity) }
        appendNumber(d.description)
    }

    func append(_ f: Float) {
        guard f.isFinite else { return appendQuoted(f.isNaN ? options.nan : f > 0 ? options.positiveInfinity : options.negativeInfinity) }
        appendNumber(f.description)
    }

    private func appendNumber(_ s: String) {
        let utf8 = s.utf8
        if utf8.count > 2, s.hasSuffix(".0") { state.pointee.bytes.append(contentsOf: utf8.dropLast(2)) } else { state.pointee.bytes.append(contentsOf: utf8) }
    }

    func appendQuoted(_ s: String) {
        // Keys and most strings need no escape: one append instead of one per byte.
        let plain = s.utf8.withContiguousStorageIfAvailable { buffer in
            buffer.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "/") }
        }
        if plain == true {
            state.pointee.bytes.append(UInt8(ascii: "\""))
            state.pointee.bytes.append(contentsOf: s.utf8)
            state.pointee.bytes.append(UInt8(ascii: "\""))
            return
        }
        state.pointee.bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                state.pointee.bytes.append(UInt8(ascii: "\\")); state.pointee.bytes.append(b)
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                state.pointee.bytes.append(contentsOf: Array("\\u00".utf8)); state.pointee.bytes.append(hex[Int(b >> 4)]); state.pointee.bytes.append(hex[Int(b & 0xF)])
            default:
                state.pointee.bytes.append(b)
            }
        }
        state.pointee.bytes.append(UInt8(ascii: "\""))
    }
}
