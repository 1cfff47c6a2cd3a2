/// The keyed and unkeyed containers of `JSONTreeDecoder`: an object's members by key, an array's
/// elements in order. Nested values are decoded by `JSONTreeDecoder.decode`, with the path grown.

struct JSONKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONTreeDecoder
    private let members: [JSONValue.Member]
    private let index: [String: Int]
    var codingPath: [any CodingKey] { decoder.codingPath }

    init(decoder: JSONTreeDecoder, members: [JSONValue.Member]) {
        self.decoder = decoder
        self.members = members
        // The parser refuses repeated keys, so every key has one place.
        index = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.key, $0) })
    }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }
    func contains(_ key: Key) -> Bool { index[key.stringValue] != nil }

    private func value(_ key: Key) throws(JSONTextError) -> JSONValue {
        guard let i = index[key.stringValue] else {
            throw JSONTextError("no \"\(key.stringValue)\" in the object\(JSONTreeDecoder.describe(codingPath))", at: decoder.value.offset)
        }
        return members[i].value
    }

    private func read<T: JSONScalar>(_ key: Key) throws -> T {
        try T.read(value(key), path: codingPath + [key], options: decoder.options)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).kind == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, value(key), path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }

    /// The value under "super", null when there is none (as JSONDecoder does).
    func superDecoder() throws -> any Decoder {
        let value = index["super"].map { members[$0].value } ?? JSONValue(kind: .null, offset: decoder.value.offset)
        return JSONTreeDecoder(value, path: codingPath + [JSONSuperKey()], options: decoder.options)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }

    private func child(_ key: Key) throws -> JSONTreeDecoder {
        JSONTreeDecoder(try value(key), path: codingPath + [key], options: decoder.options)
    }
}

struct JSONUnkeyedDecoding: UnkeyedDecodingContainer {
    let decoder: JSONTreeDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: JSONTreeDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element and its path; the index moves on only once it decoded.
    private func peek() throws(JSONTextError) -> (JSONValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw JSONTextError("the array\(JSONTreeDecoder.describe(codingPath)) ends after \(elements.count) element\(elements.count == 1 ? "" : "s"), "
                                + "one more was expected", at: decoder.value.offset)
        }
        return (elements[currentIndex], codingPath + [JSONIndexKey(currentIndex)])
    }

    private mutating func read<T: JSONScalar>() throws -> T {
        let (value, path) = try peek()
        let result = try T.read(value, path: path, options: decoder.options)
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        let (value, _) = try peek()
        guard value.kind == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read() }
    mutating func decode(_ type: String.Type) throws -> String { try read() }
    mutating func decode(_ type: Double.Type) throws -> Double { try read() }
    mutating func decode(_ type: Float.Type) throws -> Float { try read() }
    mutating func decode(_ type: Int.Type) throws -> Int { try read() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try peek()
        let result = try decoder.decode(type, value, path: path)
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }

    private mutating func next() throws -> JSONTreeDecoder {
        let (value, path) = try peek()
        currentIndex += 1
        return JSONTreeDecoder(value, path: path, options: decoder.options)
    }
}

struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
