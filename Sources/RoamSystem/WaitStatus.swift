/// How a child ended, as wait4 reports it, decoded in this one place: Glibc's WIFEXITED,
/// WEXITSTATUS and WTERMSIG are C macros, which Swift does not import.
public struct WaitStatus: Equatable, Sendable {
    /// The status word wait4 filled in.
    public var raw: CInt

    public init(_ raw: CInt) { self.raw = raw }

    /// The signal that ended the child; 0 when it exited by itself.
    public var signal: CInt { raw & 0x7f }
    /// The child's own exit status; meaningful only when `signal` is 0.
    public var exitCode: CInt { (raw >> 8) & 0xff }
    /// One number as a shell says it: the exit status, or 128 + the signal.
    public var shellStatus: CInt { signal == 0 ? exitCode : 128 + signal }
    /// Exited by itself with status 0.
    public var succeeded: Bool { signal == 0 && exitCode == 0 }
    /// "exit status 3" or "killed by signal 9", for a sentence.
    public var words: String { signal == 0 ? "exit status \(exitCode)" : "killed by signal \(signal)" }
}
