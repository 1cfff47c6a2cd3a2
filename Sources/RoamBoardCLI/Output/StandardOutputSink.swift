import Glibc
import RoamExport
import RoamHandover
import RoamSystem

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
        let fd: CInt
        do { fd = try FileSystem.unlinkedScratchFile() } catch { throw OutputFailure.system(error) }
        file = BufferedFile(fd: fd, path: "a temporary file in \(FileSystem.temporaryFolder)")
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
            let fd = file.fd
            let result = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) in try retryingInterrupted { pread(fd, raw.baseAddress!, raw.count, off_t(offset)) } }
            }
            let n: Int
            do { n = try result.get() } catch { throw OutputFailure.system(SystemError("read back", file.path, error)) }
            if n == 0 { break }
            try out.write(bytes: Array(chunk[0..<n]))
            offset += n
        }
        try out.flush()
    }
}
