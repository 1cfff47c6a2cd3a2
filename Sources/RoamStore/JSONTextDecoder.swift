/// The reader matching `JSONTextEncoder`: any `Decodable` from JSON text, without Foundation (whose
/// JSONDecoder alone brings ICU into a static binary). The text is parsed strictly first
/// (`JSONValue`), then the type's own conformance walks the tree. Every failure is a `JSONTextError`
/// naming the key path and the byte: "expected a number for \"climbHysteresisM\", found a string at byte 41".
public struct JSONTextDecoder: Sendable {
    /// The strings that stand for non-finite numbers, as `JSONTextEncoder` writes them; nil: a
    /// Double or Float must be a JSON number (JSONDecoder's default).
    public var nonFiniteNames: (positiveInfinity: String, negativeInfinity: String, nan: String)?

    public init(nonFiniteNames: (positiveInfinity: String, negativeInfinity: String, nan: String)? = nil) {
        self.nonFiniteNames = nonFiniteNames
    }

    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decode(type, from: JSONValue.parse(bytes))
    }

    public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(type, from: JSONValue.parse(text))
    }

    /// Decodes an already parsed value (a caller that looked at its keys first).
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: JSONTreeDecoder(value, path: [], options: self))
    }
}

/// The `Decoder` for one value of the tree; a nested value gets its own.
final class JSONTreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let options: JSONTextDecoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, path: [any CodingKey], options: JSONTextDecoder) {
        self.value = value
        self.codingPath = path
        self.options = options
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value.kind else { throw JSONTreeDecoder.mismatch("an object", value, codingPath) }
        return KeyedDecodingContainer(JSONKeyedDecoding<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value.kind else { throw JSONTreeDecoder.mismatch("an array", value, codingPath) }
        return JSONUnkeyedDecoding(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { JSONSingleValueDecoding(decoder: self) }

    /// Decodes `value` at `path` with the type's own conformance, or as a scalar.
    /// The path is built only when it is needed (an error, a nested decoder): not per scalar.
    func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, path: @autoclosure () -> [any CodingKey]) throws -> T {
        if let scalar = T.self as? any JSONScalar.Type {
            return try scalar.read(value, path: path(), options: options) as! T
        }
        return try T(from: JSONTreeDecoder(value, path: path(), options: options))
    }

    // MARK: messages

    /// "expected a number for \"totals.distanceM\", found a string" at the value's byte.
    static func mismatch(_ expected: String, _ value: JSONValue, _ path: [any CodingKey]) -> JSONTextError {
        JSONTextError("expected \(expected)\(describe(path)), found \(value.noun)", at: value.offset)
    }

    /// " for \"a.b[3]\"", or "" for the whole text.
    static func describe(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "" }
        var text = ""
        for key in path {
            if let index = key as? JSONIndexKey { text += "[\(index.intValue!)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return " for \"\(text)\""
    }
}

/// An element's place in an array, in coding paths and messages.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue!)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

struct JSONSingleValueDecoding: SingleValueDecodingContainer {
    let decoder: JSONTreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value.kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try read() }
    func decode(_ type: String.Type) throws -> String { try read() }
    func decode(_ type: Double.Type) throws -> Double { try read() }
    func decode(_ type: Float.Type) throws -> Float { try read() }
    func decode(_ type: Int.Type) throws -> Int { try read() }
    func decode(_ type: Int8.Type) throws -> Int8 { try read() }
    func decode(_ type: Int16.Type) throws -> Int16 { try read() }
    func decode(_ type: Int32.Type) throws -> Int32 { try read() }
    func decode(_ type: Int64.Type) throws -> Int64 { try read() }
    func decode(_ type: UInt.Type) throws -> UInt { try read() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type, decoder.value, path: codingPath) }

    private func read<T: JSONScalar>() throws -> T { try T.read(decoder.value, path: codingPath, options: decoder.options) }
}

// MARK: scalars

/// The types JSON holds directly; each reads itself from a tree value or says what it found.
protocol JSONScalar {
    static func read(_ value: JSONValue, path: @autoclosure () -> [any CodingKey], options: JSONTextDecoder) throws(JSONTextError) -> Self
}

extension Bool: JSONScalar {
    static func read(_ value: JSONValue, path: @autoclosure () -> [any CodingKey], options: JSONTextDecoder) throws(JSONTextError) -> Bool {
        guard case .bool(let b) = value.kind else { throw JSONTreeDecoder.mismatch("true or false", value, path()) }
        return b
    }
}

extension String: JSONScalar {
    static func read(_ value: JSONValue, path: @autoclosure () -> [any CodingKey], options: JSONTextDecoder) throws(JSONTextError) -> String {
        guard case .string(let s) = value.kind else { throw JSONTreeDecoder.mismatch("a string", value, path()) }
        return s
    }
}

/// Doubles and Floats: the number's text converted once, correctly rounded; a named non-finite
/// value when the decoder has names.
protocol JSONFloatingScalar: JSONScalar, BinaryFloatingPoint, LosslessStringConvertible {}

extension JSONFloatingScalar {
    static func read(_ value: JSONValue, path: @autoclosure () -> [any CodingKey], options: JSONTextDecoder) throws(JSONTextError) -> Self {
        switch value.kind {
        case .number(let text):
            guard let number = Self(text), number.isFinite else {
                throw JSONTextError("the number \(text)\(JSONTreeDecoder.describe(path())) is too large for a \(Self.self)", at: value.offset)
            }
            return number
        case .string(let name) where options.nonFiniteNames != nil:
            let names = options.nonFiniteNames!
            if name == names.positiveInfinity { return .infinity }
            if name == names.negativeInfinity { return -.infinity }
            if name == names.nan { return .nan }
            throw JSONTreeDecoder.mismatch("a number", value, path())
        default:
            throw JSONTreeDecoder.mismatch("a number", value, path())
        }
    }
}

extension Double: JSONFloatingScalar {}
extension Float: JSONFloatingScalar {}

/// Integers: digits converted exactly (never through a Double); a fraction or an exponent is
/// taken only when the value is whole, as JSONDecoder takes 3.0 for an Int.
protocol JSONIntegerScalar: JSONScalar, FixedWidthInteger {}

extension JSONIntegerScalar {
    static func read(_ value: JSONValue, path: @autoclosure () -> [any CodingKey], options: JSONTextDecoder) throws(JSONTextError) -> Self {
        guard case .number(let text) = value.kind else { throw JSONTreeDecoder.mismatch("an integer", value, path()) }
        let isPlain = !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if isPlain {
            if let integer = Self(text) { return integer }
            if text == "-0" { return 0 }
        } else if let real = Double(text), real.isFinite {
            guard real.rounded(.towardZero) == real else { throw JSONTreeDecoder.mismatch("an integer", value, path(), found: text) }
            if let integer = Self(exactly: real) { return integer }
        }
        throw JSONTextError("the number \(text)\(JSONTreeDecoder.describe(path())) does not fit in \(Self.self)", at: value.offset)
    }
}

extension Int: JSONIntegerScalar {}
extension Int8: JSONIntegerScalar {}
extension Int16: JSONIntegerScalar {}
extension Int32: JSONIntegerScalar {}
extension Int64: JSONIntegerScalar {}
extension UInt: JSONIntegerScalar {}
extension UInt8: JSONIntegerScalar {}
extension UInt16: JSONIntegerScalar {}
extension UInt32: JSONIntegerScalar {}
extension UInt64: JSONIntegerScalar {}

extension JSONTreeDecoder {
    /// A mismatch that names the text found ("found 1.5") rather than its kind.
    static func mismatch(_ expected: String, _ value: JSONValue, _ path: [any CodingKey], found: String) -> JSONTextError {
        JSONTextError("expected \(expected)\(describe(path)), found \(found)", at: value.offset)
    }
}
