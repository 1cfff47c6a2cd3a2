import Foundation

/// Standard error and the live progress line.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static let stderrIsTerminal = isatty(2) == 1

    /// Rewrites one status line in place on a terminal; prints occasional plain lines otherwise.
    static func progress(_ line: String) {
        if stderrIsTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    static func endProgress() {
        if stderrIsTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// Stdout line flushed immediately (acknowledgements are read by other processes as they happen).
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
