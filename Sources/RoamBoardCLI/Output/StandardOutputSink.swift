import Glibc
import RoamExport

/// Standard output, buffered.
struct StandardOutputSink: ByteSink {
    private var file = BufferedFile(fd: 1, path: "standard output")
    mutating func write(bytes: [UInt8]) throws { try file.append(bytes) }
    mutating func write(_ text: String) throws { try file.append(text) }
    mutating func flush() throws { try file.flush() }
}

/// Standard output for formats that patch what they wrote (FIT): the bytes go to an unlinked
/// temporary file first, then are copied to standard output, so memory stays flat and a pipe works.
struct SpooledStandardOutputSink: PatchableSink {
    private var file: BufferedFile

    init() throws {
        let dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((dir + "/roam-board-spool-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw OutputError.system("cannot create a temporary file in", dir, errno) }
        // Unlinked at once: the bytes live only as long as the descriptor, whatever happens next.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        file = BufferedFile(fd: fd, path: "a temporary file in \(dir)")
    }

    var bytesWritten: Int { file.count }
    mutating func write(bytes: [UInt8]) throws { try file.append(bytes) }
    mutating func write(_ text: String) throws { try file.append(text) }
    mutating func overwrite(at offset: Int, bytes: [UInt8]) throws { try file.overwrite(at: offset, bytes: bytes) }

    /// Copies the spooled bytes to standard output and closes the temporary file.
    mutating func finish() throws {
        defer { file.close() }
        try file.flush()
        var out = StandardOutputSink()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(file.fd, $0.baseAddress!, $0.count, off_t(offset)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError.system("cannot read back", file.path, errno)
            }
            if n == 0 { break }
            try out.write(bytes: Array(chunk[0..<n]))
            offset += n
        }
        try out.flush()
    }
}
