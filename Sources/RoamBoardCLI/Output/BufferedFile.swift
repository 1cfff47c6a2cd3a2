import Glibc

/// A file descriptor with a 64 KiB write buffer: few write(2) calls, flat memory, and
/// `pwrite` to patch bytes already written (the FIT header). EINTR and short writes retried here.
struct BufferedFile {
    let path: String
    private(set) var fd: Int32
    private var buffer: [UInt8] = []
    /// Bytes handed to `append`, flushed or not.
    private(set) var count = 0
    private static let capacity = 1 << 16

    init(fd: Int32, path: String) {
        self.fd = fd; self.path = path
        buffer.reserveCapacity(Self.capacity)
    }

    mutating func append(_ bytes: [UInt8]) throws {
        buffer += bytes
        count += bytes.count
        if buffer.count >= Self.capacity { try flush() }
    }

    mutating func append(_ text: String) throws {
        let before = buffer.count
        buffer += text.utf8
        count += buffer.count - before
        if buffer.count >= Self.capacity { try flush() }
    }

    mutating func flush() throws {
        try buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw OutputError.system("cannot write", path, errno)
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Rewrites bytes at `offset` of the file (after flushing, so the file holds them).
    mutating func overwrite(at offset: Int, bytes: [UInt8]) throws {
        try flush()
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw OutputError.system("cannot write", path, errno)
                }
                done += n
            }
        }
    }

    mutating func sync() throws {
        try flush()
        guard fsync(fd) == 0 else { throw OutputError.system("cannot fsync", path, errno) }
    }

    mutating func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }
}

/// Output failures name the path and the system's reason; exit status 74 (I/O).
enum OutputError {
    static func system(_ what: String, _ path: String, _ code: Int32) -> CLIError {
        CLIError(description: "\(what) \(path): \(ErrorText.errnoReason(code))", status: ExitStatus.ioError)
    }
}
