import Foundation

/// System tools the tests run as root (mount, umount) as child processes: shared by the test
/// targets that set up real file systems (a small tmpfs, filled), each of which had its own copy.
public enum TestTools {
    /// Runs `path` with `arguments` and returns its exit status.
    public static func status(_ path: String, _ arguments: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// Runs `path` with `arguments`; an exit status other than 0 is thrown, naming the command.
    public static func run(_ path: String, _ arguments: [String]) throws {
        let status = try status(path, arguments)
        guard status == 0 else { throw ToolFailure(description: "\(path) \(arguments.joined(separator: " ")) exited \(status)") }
    }
}

/// A tool a test set-up ran failed: the command and its exit status.
public struct ToolFailure: Error, CustomStringConvertible {
    public var description: String
}
