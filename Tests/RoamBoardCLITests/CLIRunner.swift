import Foundation

/// Runs the built `roam-board` as a child process (the test target depends on the executable,
/// so it sits next to the test bundle).
struct CLIRunner {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // XCTest runs from <bin>/<Package>PackageTests.xctest; Swift Testing from the same folder.
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("roam-board").path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("roam-board")
    }

    static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @discardableResult
    /// `environment`: entries set over this process's own (PATH without a tool, say); `executable`:
    /// another program than roam-board (a script's shell).
    static func run(_ arguments: [String], cwd: URL? = nil, environment: [String: String] = [:], executable: URL? = nil) throws -> Result {
        let p = Process()
        p.executableURL = executable ?? binary
        p.arguments = arguments
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        p.currentDirectoryURL = cwd ?? repoRoot
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        // Read both pipes before waiting, so a chatty child never blocks on a full pipe.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        let errHandle = err.fileHandleForReading
        DispatchQueue.global().async(group: group) { errBox.data = errHandle.readDataToEndOfFile() }
        let outBytes = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errBytes = errBox.data
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: outBytes, as: UTF8.self),
                      stderr: String(decoding: errBytes, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
