import RoamSystem
import Glibc

/// A benchmark that could not run: which step, on what, and why (errno text or the tool's status).
public struct BenchmarkError: Error, Equatable, CustomStringConvertible {
    public var step: String
    public var subject: String
    public var reason: String

    public init(step: String, subject: String, reason: String) {
        self.step = step; self.subject = subject; self.reason = reason
    }

    /// The failure of a libc call, with the errno it left.
    static func errno(_ step: String, _ subject: String, _ errno: Errno = .current) -> BenchmarkError {
        BenchmarkError(step: step, subject: subject, reason: String(cString: strerror(errno.rawValue)))
    }

    public var description: String { "\(step) \(subject) failed: \(reason)" }
}

extension BenchmarkError {
    /// A RoamSystem call's failure, said as a benchmark step: "start /usr/bin/strace failed: ...".
    init(_ error: SystemError) {
        self.init(step: error.action, subject: error.subject, reason: error.errno.description)
    }

    /// Runs a RoamSystem call and says its failure as a benchmark's.
    static func trying<R>(_ body: () throws(SystemError) -> R) throws(BenchmarkError) -> R {
        do { return try body() } catch { throw BenchmarkError(error) }
    }

    /// `error`, once the child `pid` the benchmark can no longer watch is killed and reaped. Killed
    /// before `descriptors` (the benchmark's ends of its pipes) are closed: a recorder still waiting
    /// for its input is stopped there, and never takes the closed pipe for an empty replay.
    static func abandoning(_ pid: pid_t, _ name: String, _ error: SystemError, closing descriptors: [CInt]) -> BenchmarkError {
        kill(pid, SIGKILL)
        for fd in descriptors { close(fd) }
        // Reaped, so no zombie stays; the thread's failure is the one to say, not a failed wait's.
        _ = Result { () throws(SystemError) in try ChildProcess.wait(pid, name) }
        return BenchmarkError(error)
    }

    /// Writes all of `bytes` to `fd` (short writes and EINTR retried by `Descriptor`).
    static func writeAll(_ fd: CInt, _ bytes: [UInt8], step: String, subject: String) throws(BenchmarkError) {
        do { try Descriptor.writeAll(fd, bytes) } catch { throw .errno(step, subject, error) }
    }
}
