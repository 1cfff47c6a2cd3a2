import Glibc
import RoamSystem
import Synchronization

/// Standard error and the live progress line, each one write(2) straight to the descriptor.
enum Console {
    /// On a terminal, a line said while the progress line shows takes its place (the next commit
    /// draws it again below). Elsewhere (the journal) nothing is prefixed: a leading newline was a
    /// blank journal entry before every warning.
    static func error(_ line: String) {
        let replacesProgress = stderrIsTerminal && progressShows.exchange(false, ordering: .relaxed)
        StandardStream.error((replacesProgress ? "\r\u{1B}[K" : "") + line + "\n")
    }

    static let stderrIsTerminal = isatty(2) == 1
    private static let progressShows = Atomic<Bool>(false)

    /// Rewrites one status line in place on a terminal; prints occasional plain lines otherwise.
    static func progress(_ line: String) {
        if stderrIsTerminal {
            progressShows.store(true, ordering: .relaxed)
            StandardStream.error("\r\u{1B}[K" + line)
        } else {
            StandardStream.error(line + "\n")
        }
    }

    /// Stdout line flushed immediately (acknowledgements are read by other processes as they happen).
    static func out(_ line: String) {
        StandardStream.output(line + "\n")
    }
}
