/// A JSON text read strictly to RFC 8259 (no comments, no trailing commas, no NaN literals, no
/// leading zeros, valid UTF-8, surrogates only in pairs), each value with the byte it starts at,
/// so every complaint about a file can say where. `JSONTextDecoder` decodes `Decodable` types
/// from it; `rederive --params` reads it to refuse keys no parameter has.
public struct JSONValue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        /// The number's text as written: each type converts it exactly (an Int64 never passes through a Double).
        case number(String)
        case string(String)
        case array([JSONValue])
        /// Members in the order written; a key appears once (a repeated key is refused).
        case object([Member])
    }

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
    }

    public var kind: Kind
    /// The byte of the text this value starts at, counted from 0.
    public var offset: Int

    /// Reads one JSON value filling the whole text (white space around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONTextError) -> JSONValue {
        var parser = JSONTextParser(bytes)
        return try parser.document()
    }

    public static func parse(_ text: String) throws(JSONTextError) -> JSONValue { try parse(Array(text.utf8)) }

    /// The keys of an object, in the order written; nil for any other kind of value.
    public var keys: [String]? {
        guard case .object(let members) = kind else { return nil }
        return members.map(\.key)
    }

    /// What this value is, for messages: "an object", "a string", ...
    var noun: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Why a JSON text could not be read or decoded, and the byte (from 0) where it went wrong:
/// "expected a number for \"climbHysteresisM\", found a string at byte 41".
public struct JSONTextError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int

    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at byte \(offset)" }
}

/// The recursive-descent reader behind `JSONValue.parse`.
struct JSONTextParser {
    /// Deeper nesting than any file of ours has; it bounds the recursion on hostile input.
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(JSONTextError) -> JSONValue {
        // A UTF-8 byte order mark is not JSON (RFC 8259 §8.1 lets a reader ignore it; we say what it is).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw JSONTextError("a UTF-8 byte order mark instead of JSON", at: 0) }
        skipSpace()
        let value = try self.value()
        skipSpace()
        guard position == bytes.count else { throw JSONTextError("unexpected \(found) after the JSON value", at: position) }
        return value
    }

    private mutating func value() throws(JSONTextError) -> JSONValue {
        let start = position
        guard let byte = peek else { throw JSONTextError("expected a value, found the end of the text", at: position) }
        switch byte {
        case UInt8(ascii: "{"):
            try enter()
            defer { depth -= 1 }
            return JSONValue(kind: .object(try members()), offset: start)
        case UInt8(ascii: "["):
            try enter()
            defer { depth -= 1 }
            return JSONValue(kind: .array(try elements()), offset: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try string()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(kind: .number(try number()), offset: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONValue(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONValue(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONValue(kind: .null, offset: start)
        default: throw JSONTextError("expected a value, found \(found)", at: position)
        }
    }

    /// Steps into an array or object (the caller steps out with `depth -= 1`).
    private mutating func enter() throws(JSONTextError) {
        guard depth < Self.maxDepth else { throw JSONTextError("arrays and objects nested deeper than \(Self.maxDepth)", at: position) }
        depth += 1
        position += 1
        skipSpace()
    }

    private mutating func members() throws(JSONTextError) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        var seen = Set<String>()
        if take(UInt8(ascii: "}")) { return members }
        while true {
            let keyStart = position
            guard peek == UInt8(ascii: "\"") else { throw JSONTextError("expected a key in quotes, found \(found)", at: position) }
            let key = try string()
            guard seen.insert(key).inserted else { throw JSONTextError("the key \"\(key)\" appears twice in one object", at: keyStart) }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { throw JSONTextError("expected ':' after the key \"\(key)\", found \(found)", at: position) }
            skipSpace()
            members.append(JSONValue.Member(key: key, value: try value()))
            skipSpace()
            if take(UInt8(ascii: "}")) { return members }
            guard take(UInt8(ascii: ",")) else { throw JSONTextError("expected ',' or '}' in an object, found \(found)", at: position) }
            skipSpace()
        }
    }

    private mutating func elements() throws(JSONTextError) -> [JSONValue] {
        var elements: [JSONValue] = []
        if take(UInt8(ascii: "]")) { return elements }
        while true {
            elements.append(try value())
            skipSpace()
            if take(UInt8(ascii: "]")) { return elements }
            guard take(UInt8(ascii: ",")) else { throw JSONTextError("expected ',' or ']' in an array, found \(found)", at: position) }
            skipSpace()
        }
    }

    /// A string from its opening quote: escapes decoded, raw bytes checked to be UTF-8.
    private mutating func string() throws(JSONTextError) -> String {
        let start = position
        position += 1
        // Most strings (every key) hold no escape: made straight from the text, without a copy.
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let valid = String(validating: bytes[position..<end], as: UTF8.self) else { throw JSONTextError("a string that is not valid UTF-8", at: start) }
            position = end + 1
            return valid
        }
        var text = Array(bytes[position..<end])
        position = end
        while true {
            guard let byte = peek else { throw JSONTextError("a string that never ends (it starts here)", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let valid = String(validating: text, as: UTF8.self) else { throw JSONTextError("a string that is not valid UTF-8", at: start) }
                return valid
            case UInt8(ascii: "\\"):
                position += 1
                try escape(into: &text)
            case 0..<0x20:
                throw JSONTextError("a control character (0x\(hex(UInt32(byte), width: 2))) inside a string: write it as an escape", at: position)
            default:
                text.append(byte)
                position += 1
            }
        }
    }

    private mutating func escape(into text: inout [UInt8]) throws(JSONTextError) {
        let at = position - 1
        guard let byte = peek else { throw JSONTextError("a string that ends inside an escape", at: at) }
        position += 1
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = byte
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw JSONTextError("an unknown escape '\\\(Unicode.Scalar(byte).escaped(asASCII: true))' in a string", at: at)
        }
        if let simple { text.append(simple); return }
        var code = try hex4(at: at)
        if (0xD800..<0xDC00).contains(code) {
            // A high surrogate counts only with the low one right after it (RFC 8259 §7).
            guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                throw JSONTextError("a lone surrogate \\u\(hex(code)) in a string (its pair must follow)", at: at)
            }
            position += 2
            let low = try hex4(at: position - 2)
            guard (0xDC00..<0xE000).contains(low) else { throw JSONTextError("\\u\(hex(code)) followed by \\u\(hex(low)), which is not its low surrogate", at: at) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            throw JSONTextError("a lone surrogate \\u\(hex(code)) in a string (no high surrogate before it)", at: at)
        }
        // Surrogates are handled above: every other code up to 0x10FFFF is a scalar.
        UTF8.encode(Unicode.Scalar(code)!) { text.append($0) }
    }

    private mutating func hex4(at escapeStart: Int) throws(JSONTextError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexDigit(byte) else {
                throw JSONTextError("\\u must be followed by four hexadecimal digits", at: escapeStart)
            }
            code = code << 4 | digit
            position += 1
        }
        return code
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    private mutating func number() throws(JSONTextError) -> String {
        let start = position
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            if let next = peek, Self.isDigit(next) { throw JSONTextError("a number with a leading zero", at: start) }
        } else {
            try digits(start)
        }
        if take(UInt8(ascii: ".")) { try digits(start) }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            try digits(start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func digits(_ numberStart: Int) throws(JSONTextError) {
        guard let first = peek, Self.isDigit(first) else {
            throw JSONTextError("a malformed number (expected a digit, found \(found))", at: numberStart)
        }
        while let byte = peek, Self.isDigit(byte) { position += 1 }
    }

    private mutating func literal(_ word: StaticString) throws(JSONTextError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes[position...].starts(with: expected) else { throw JSONTextError("expected a value, found \(found)", at: position) }
        position += expected.count
    }

    // MARK: bytes

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    /// The byte at the current position, for messages: "'x'", "byte 0xff", "the end of the text".
    private var found: String {
        guard let byte = peek else { return "the end of the text" }
        return byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(UInt32(byte), width: 2))"
    }

    /// Upper-case hexadecimal, `width` digits at least: 2 for a byte, 4 for a \u code.
    private func hex(_ value: UInt32, width: Int = 4) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
