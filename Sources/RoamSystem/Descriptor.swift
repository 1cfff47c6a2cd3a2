import Glibc

/// Whole reads and writes on a file descriptor, retrying short transfers and EINTR.
public enum Descriptor {
    /// Writes all of `bytes`.
    public static func writeAll(_ fd: CInt, _ bytes: [UInt8]) throws(Errno) {
        let failure = bytes.withUnsafeBytes { raw in Result { () throws(Errno) in try writeAll(fd, raw) } }
        try failure.get()
    }

    public static func writeAll(_ fd: CInt, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var done = 0
        while done < bytes.count {
            done += try retryingInterrupted { write(fd, bytes.baseAddress! + done, bytes.count - done) }
        }
    }

    /// Writes `text` as UTF-8.
    public static func writeAll(_ fd: CInt, _ text: String) throws(Errno) {
        var text = text
        let failure = text.withUTF8 { utf8 in Result { () throws(Errno) in try writeAll(fd, UnsafeRawBufferPointer(utf8)) } }
        try failure.get()
    }

    /// Reads until end of file.
    public static func readAll(_ fd: CInt) throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try read(fd, into: &bytes, atMost: .max)
        return bytes
    }

    /// Reads until end of file, or nil once it gives more than `limit` bytes: a stream has no size
    /// to check first, and a device such as /dev/zero never ends.
    public static func readAll(_ fd: CInt, atMost limit: Int) throws(Errno) -> [UInt8]? {
        var bytes: [UInt8] = []
        return try read(fd, into: &bytes, atMost: limit) ? bytes : nil
    }

    /// Appends to `bytes` until end of file (true) or past `limit` (false).
    private static func read(_ fd: CInt, into bytes: inout [UInt8], atMost limit: Int) throws(Errno) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = try chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try retryingInterrupted { Glibc.read(fd, raw.baseAddress, raw.count) } } }.get()
            if n == 0 { return true }
            guard n <= limit - bytes.count else { return false }
            bytes += chunk[0..<n]
        }
    }
}

/// One line to standard error or standard output, as one write; a closed stream is not an error
/// worth stopping for (the journal may be gone at shutdown), so failures are ignored here.
public enum StandardStream {
    public static func error(_ line: String) { try? Descriptor.writeAll(2, line) }
    public static func output(_ line: String) { try? Descriptor.writeAll(1, line) }
}
