import RoamSystem

/// A file or standard output that could not be written, named with the system's reason:
/// "cannot write out.gpx: no space left on device (the storage is full): free some space".
/// The CLI exits 74 (I/O) for it, or 1 for a file that is there already and may not be replaced.
public struct OutputFailure: Error, CustomStringConvertible {
    public enum Cause: Sendable { case io, exists }
    public let description: String
    public let cause: Cause

    public init(_ description: String, cause: Cause = .io) {
        self.description = description; self.cause = cause
    }

    public static func system(_ failure: SystemError) -> OutputFailure {
        OutputFailure(failure.description)
    }

    /// Standard output that could not be written: "cannot write standard output: …", or "standard output is closed".
    public static func standardOutput(_ errno: Errno) -> OutputFailure {
        OutputFailure(StandardStream.outputFailure(errno))
    }

    /// A file or folder that could not be made, said as `system` says it but with `creationReason`.
    public static func creating(_ failure: SystemError) -> OutputFailure {
        OutputFailure("cannot \(failure.action) \(FilePath.shown(failure.subject)): " + failure.creationReason)
    }
}
