/// Where an exporter writes its bytes: a file, stdout, memory. Exporters stream through it so
/// memory stays flat however long the ride.
public protocol ByteSink {
    mutating func write(_ text: String) throws
    mutating func write(bytes: [UInt8]) throws
}

extension ByteSink {
    public mutating func write(_ text: String) throws { try write(bytes: Array(text.utf8)) }
}

/// Collects everything in memory (tests, small outputs).
public struct MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public mutating func write(bytes: [UInt8]) throws { self.bytes += bytes }
    public mutating func write(_ text: String) throws { bytes += text.utf8 }
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func replaceBytes(at offset: Int, with patch: [UInt8]) {
        bytes.replaceSubrange(offset..<(offset + patch.count), with: patch)
    }
}
