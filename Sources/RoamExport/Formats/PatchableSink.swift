/// A sink that can rewrite bytes it already took. The FIT header holds the size of the data that
/// follows it, known only at the end; a file patches it in place instead of holding the ride in memory.
public protocol PatchableSink: ByteSink {
    /// Bytes written so far, including any still buffered.
    var bytesWritten: Int { get }
    /// Replaces `bytes.count` bytes at `offset`, which must lie within what was written.
    mutating func overwrite(at offset: Int, bytes: [UInt8]) throws
}

extension MemorySink: PatchableSink {
    public var bytesWritten: Int { bytes.count }

    public mutating func overwrite(at offset: Int, bytes patch: [UInt8]) throws {
        precondition(offset >= 0 && offset + patch.count <= bytes.count, "patch outside the written bytes")
        replaceBytes(at: offset, with: patch)
    }
}
