import Glibc
import RoamExport

/// Writes an export to `<path>.partial`, fsyncs it, renames it over `path` and fsyncs the folder,
/// so a power cut during a dump leaves either the old file or the whole new one, never half.
struct AtomicFileSink: ByteSink {
    let path: String
    private let temporaryPath: String
    private var fd: Int32
    private var buffer: [UInt8] = []

    init(path: String, overwrite: Bool) throws {
        if !overwrite && access(path, F_OK) == 0 {
            throw CLIError(description: "\(path) exists; pass --force to overwrite it", status: ExitStatus.failure)
        }
        self.path = path
        temporaryPath = path + ".partial"
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.ioError("cannot create", temporaryPath) }
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= 1 << 16 { try flush() }
    }

    mutating func write(_ text: String) throws {
        buffer += text.utf8
        if buffer.count >= 1 << 16 { try flush() }
    }

    private mutating func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = Self.ioError("cannot write", temporaryPath)
                abandon()
                throw e
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Makes the file durable and visible under its final name.
    mutating func commit() throws {
        try flush()
        guard fsync(fd) == 0 else { let e = Self.ioError("cannot fsync", temporaryPath); abandon(); throw e }
        close(fd); fd = -1
        guard rename(temporaryPath, path) == 0 else { let e = Self.ioError("cannot rename to \(path) from", temporaryPath); unlink(temporaryPath); throw e }
        let dir = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let dfd = open(dir.isEmpty ? "/" : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// Removes the partial file after a failure.
    mutating func abandon() {
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporaryPath)
    }

    private static func ioError(_ what: String, _ path: String) -> CLIError {
        CLIError(description: "\(what) \(path): \(String(cString: strerror(errno)))", status: ExitStatus.ioError)
    }
}

/// Standard output, buffered.
struct StandardOutputSink: ByteSink {
    private var buffer: [UInt8] = []
    mutating func write(bytes: [UInt8]) throws { buffer += bytes; if buffer.count >= 1 << 16 { try flush() } }
    mutating func write(_ text: String) throws { buffer += text.utf8; if buffer.count >= 1 << 16 { try flush() } }
    mutating func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; throw CLIError(description: "cannot write to stdout: \(String(cString: strerror(errno)))", status: ExitStatus.ioError) }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
