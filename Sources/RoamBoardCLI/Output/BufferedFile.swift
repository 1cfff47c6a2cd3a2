import Glibc
import RoamSystem

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
        let failure = buffer.withUnsafeBytes { raw in Result { () throws(Errno) in try Descriptor.writeAll(fd, raw) } }
        do { try failure.get() } catch {
            // Standard output is said as the exit's check of `print`'s output says it (a closed one in words).
            throw fd == 1 ? OutputError.standardOutput(error) : OutputError.system(SystemError("write", path, error))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Rewrites bytes at `offset` of the file (after flushing, so the file holds them).
    mutating func overwrite(at offset: Int, bytes: [UInt8]) throws {
        try flush()
        let failure = bytes.withUnsafeBytes { raw in
            Result { () throws(Errno) in
                var done = 0
                while done < raw.count {
                    done += try retryingInterrupted { pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done)) }
                }
            }
        }
        do { try failure.get() } catch { throw OutputError.system(SystemError("write", path, error)) }
    }

    mutating func sync() throws {
        try flush()
        guard fsync(fd) == 0 else { throw OutputError.system(SystemError("fsync", path, .current)) }
    }

    mutating func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }
}

/// Output failures name the path and the system's reason; exit status 74 (I/O).
/// "cannot write out.gpx: no space left on device (the storage is full): free some space".
enum OutputError {
    static func system(_ failure: SystemError) -> CLIError {
        CLIError(description: failure.description, status: ExitStatus.ioError)
    }

    /// Standard output that could not be written: "cannot write standard output: …", or "standard output is closed".
    static func standardOutput(_ errno: Errno) -> CLIError {
        CLIError(description: StandardStream.outputFailure(errno), status: ExitStatus.ioError)
    }

    /// A file or folder that could not be made, said as `system` says it but with `creationReason`.
    static func creating(_ failure: SystemError) -> CLIError {
        CLIError(description: "cannot \(failure.action) \(FilePath.shown(failure.subject)): " + failure.creationReason, status: ExitStatus.ioError)
    }
}
