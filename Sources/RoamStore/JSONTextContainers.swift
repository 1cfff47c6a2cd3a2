/// The three container kinds of `JSONStreamWriter`. Each writes straight into the writer's
/// buffer; a nested value is encoded through its own conformance by `encodeValue`.

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONStreamWriter
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    private func put(_ key: Key, _ write: () -> Void) {
        writer.beginMember(key.stringValue, depth: depth)
        write()
        writer.endMember(depth: depth)
    }

    mutating func encodeNil(forKey key: Key) throws { put(key) { writer.append("null") } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(key) { writer.append(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { put(key) { writer.appendQuoted(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(key) { writer.append(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(key) { writer.append(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(key) { writer.append(integer: value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(key) { writer.append(integer: value) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        writer.beginMember(key.stringValue, depth: depth)
        try writer.encodeValue(value)
        writer.endMember(depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        writer.unsupported = "a nested keyed container (key \(key.stringValue))"
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(writer: writer, depth: depth))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.unsupported = "a nested unkeyed container (key \(key.stringValue))"
        return JSONUnkeyedContainer(writer: writer, frame: -1)
    }

    mutating func superEncoder() -> any Encoder { writer.unsupported = "a super encoder"; return writer }
    mutating func superEncoder(forKey key: Key) -> any Encoder { writer.unsupported = "a super encoder"; return writer }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONStreamWriter
    /// The writer's frame for this array; -1 for one it could not open.
    let frame: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { frame < 0 ? 0 : writer.elementCount(frame: frame) }

    private func put(_ write: () -> Void) {
        guard frame >= 0 else { return }
        writer.beginElement(frame: frame)
        write()
    }

    mutating func encodeNil() throws { put { writer.append("null") } }
    mutating func encode(_ value: Bool) throws { put { writer.append(value) } }
    mutating func encode(_ value: String) throws { put { writer.appendQuoted(value) } }
    mutating func encode(_ value: Double) throws { put { writer.append(value) } }
    mutating func encode(_ value: Float) throws { put { writer.append(value) } }
    mutating func encode(_ value: Int) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: Int8) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: Int16) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: Int32) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: Int64) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: UInt) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: UInt8) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: UInt16) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: UInt32) throws { put { writer.append(integer: value) } }
    mutating func encode(_ value: UInt64) throws { put { writer.append(integer: value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard frame >= 0 else { return }
        writer.beginElement(frame: frame)
        try writer.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        writer.unsupported = "a nested keyed container in an array"
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(writer: writer, depth: 0))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.unsupported = "a nested unkeyed container in an array"
        return JSONUnkeyedContainer(writer: writer, frame: -1)
    }

    mutating func superEncoder() -> any Encoder { writer.unsupported = "a super encoder"; return writer }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let writer: JSONStreamWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.append("null") }
    mutating func encode(_ value: Bool) throws { writer.append(value) }
    mutating func encode(_ value: String) throws { writer.appendQuoted(value) }
    mutating func encode(_ value: Double) throws { writer.append(value) }
    mutating func encode(_ value: Float) throws { writer.append(value) }
    mutating func encode(_ value: Int) throws { writer.append(integer: value) }
    mutating func encode(_ value: Int8) throws { writer.append(integer: value) }
    mutating func encode(_ value: Int16) throws { writer.append(integer: value) }
    mutating func encode(_ value: Int32) throws { writer.append(integer: value) }
    mutating func encode(_ value: Int64) throws { writer.append(integer: value) }
    mutating func encode(_ value: UInt) throws { writer.append(integer: value) }
    mutating func encode(_ value: UInt8) throws { writer.append(integer: value) }
    mutating func encode(_ value: UInt16) throws { writer.append(integer: value) }
    mutating func encode(_ value: UInt32) throws { writer.append(integer: value) }
    mutating func encode(_ value: UInt64) throws { writer.append(integer: value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value) }
}
