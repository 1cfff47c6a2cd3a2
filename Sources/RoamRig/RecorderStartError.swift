import RoamSystem

/// `record` refused to start because the system had no room for one of its threads or their wake-up
/// pipes (EAGAIN, EMFILE, ENFILE): said in one sentence, what ran out and what to do, where the
/// recorder once ended the process with a crash. Nothing was recording, or what was is committed.
public struct RecorderStartError: Error, Equatable, Sendable, CustomStringConvertible {
    public var cause: SystemError

    public init(_ cause: SystemError) { self.cause = cause }

    public var description: String { "the recorder cannot start: \(cause)" }
}
