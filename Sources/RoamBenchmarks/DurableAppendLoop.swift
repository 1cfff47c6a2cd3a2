import RoamSystem
import Glibc

/// The anchor of the commit benchmark (notes/perf-limits.md §1): the fastest durable small
/// append this directory allows — `write` of one record, then `fdatasync`, repeated.
public final class DurableAppendLoop {
    public struct Failure: Error, CustomStringConvertible {
        public var operation: String
        public var path: String
        public var errno: Errno
        public var description: String { "\(operation) \(path) failed: \(errno)" }
    }

    private let fd: Int32
    public let path: String
    private let record = [UInt8](repeating: 0x42, count: 100)

    public init(directory: String) throws(Failure) {
        path = directory + "/durable-append.bin"
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(operation: "open", path: path, errno: Errno(rawValue: errno)) }
    }

    deinit { close(fd); unlink(path) }

    /// One durable append.
    public func append() throws(Failure) {
        guard write(fd, record, record.count) == record.count else {
            throw Failure(operation: "write", path: path, errno: Errno(rawValue: errno))
        }
        guard fdatasync(fd) == 0 else { throw Failure(operation: "fdatasync", path: path, errno: Errno(rawValue: errno)) }
    }
}
