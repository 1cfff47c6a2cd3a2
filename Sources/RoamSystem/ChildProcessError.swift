/// Why `ChildProcess.run` has no result: the program could not be run at all, or it was still
/// running when its time limit passed, and was stopped (SIGTERM, then SIGKILL).
public enum ChildProcessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A pipe, the start, the watch on its end or the wait failed: what, on which program, why.
    case notRun(SystemError)
    /// `program` was still running after `limit`; it has been stopped and reaped.
    case overran(program: String, limit: Duration)

    public var description: String {
        switch self {
        case .notRun(let error):
            return error.description
        case .overran(let program, let limit):
            return "\(program) was still running after \(Self.words(limit)), so it was stopped"
        }
    }

    /// "30 minutes", "45 s", "300 ms": a limit as a person reads it.
    public static func words(_ limit: Duration) -> String {
        let ms = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
        if ms >= 120_000, ms % 60_000 == 0 { return "\(ms / 60_000) minutes" }
        if ms % 1000 == 0 { return "\(ms / 1000) s" }
        return "\(ms) ms"
    }
}
