import Glibc
import RoamSystem

/// A file descriptor with a 64 KiB write buffer: few write(2) calls, flat memory, and
/// `pwrite` to patch bytes already written (the FIT header). EINTR and short writes retried here.
public struct BufferedFile {
    public let path: String
    public private(set) var fd: Int32
    private var buffer: [UInt8] = []
    /// Bytes handed to `append`, flushed or not.
    public private(set) var count = 0
    private static let capacity = 1 << 16

    public init(fd: Int32, path: String) {
        self.fd = fd; self.path = path
        buffer.reserveCapacity(Self.capacity)
    }

    public mutating func append(_ bytes: [UInt8]) throws {
        buffer += bytes
        count += bytes.count
        if buffer.count >= Self.capacity { try flush() }
    }

    public mutating func append(_ text: String) throws {
        let before = buffer.count
        buffer += text.utf8
        count += buffer.count - before
        if buffer.count >= Self.capacity { try flush() }
    }

    public mutating func flush() throws {
        let failure = buffer.withUnsafeBytes { raw in Result { () throws(Errno) in try Descriptor.writeAll(fd, raw) } }
        do { try failure.get() } catch {
            // Standard output is said as the exit's check of `print`'s output says it (a closed one in words).
            throw fd == 1 ? OutputFailure.standardOutput(error) : OutputFailure.system(SystemError("write", path, error))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Rewrites bytes at `offset` of the file (after flushing, so the file holds them).
    public mutating func overwrite(at offset: Int, bytes: [UInt8]) throws {
        try flush()
        let failure = bytes.withUnsafeBytes { raw in
            Result { () throws(Errno) in
                var done = 0
                while done < raw.count {
                    done += try retryingInterrupted { pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done)) }
                }
            }
        }
        do { try failure.get() } catch { throw OutputFailure.system(SystemError("write", path, error)) }
    }

    public mutating func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }
}
