import Glibc
import RoamSystem

/// Standard error and the live progress line, each one write(2) straight to the descriptor.
enum Console {
    static func error(_ line: String) {
        StandardStream.error(line + "\n")
    }

    static let stderrIsTerminal = isatty(2) == 1

    /// Rewrites one status line in place on a terminal; prints occasional plain lines otherwise.
    static func progress(_ line: String) {
        if stderrIsTerminal {
            StandardStream.error("\r\u{1B}[K" + line)
        } else {
            StandardStream.error(line + "\n")
        }
    }

    static func endProgress() {
        if stderrIsTerminal { StandardStream.error("\n") }
    }

    /// Stdout line flushed immediately (acknowledgements are read by other processes as they happen).
    static func out(_ line: String) {
        StandardStream.output(line + "\n")
    }
}
