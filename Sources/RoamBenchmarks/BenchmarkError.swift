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
    static func errno(_ step: String, _ subject: String, _ code: CInt = Glibc.errno) -> BenchmarkError {
        BenchmarkError(step: step, subject: subject, reason: String(cString: strerror(code)))
    }

    public var description: String { "\(step) \(subject) failed: \(reason)" }
}
