import Foundation
import Testing

/// Runs a judge script from Tests/Judges with the interpreter `./scripts/test` installs (env
/// ROAM_PYTHON, a venv holding gpxpy, garmin-fit-sdk and pygeohash) and returns its JSON.
enum Judge {
    static var python: String? {
        guard let p = ProcessInfo.processInfo.environment["ROAM_PYTHON"], !p.isEmpty else { return nil }
        return p
    }

    static let isAvailable = python != nil
    static let skipReason: Comment = "ROAM_PYTHON is not set: run ./scripts/test, which installs the outside readers (gpxpy, gpsbabel, garmin-fit-sdk, pygeohash, mercantile)"

    static func run(_ script: String, _ arguments: [String], stdin: Data? = nil) throws -> Any {
        guard let python else { throw JudgeFailure(description: "ROAM_PYTHON is not set") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [CLIRunner.repoRoot.appendingPathComponent("Tests/Judges/\(script)").path] + arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        let errHandle = err.fileHandleForReading
        DispatchQueue.global().async(group: group) { errBox.data = errHandle.readDataToEndOfFile() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw JudgeFailure(description: "\(script) exited \(p.terminationStatus): \(String(decoding: errBox.data, as: UTF8.self))")
        }
        return try JSONSerialization.jsonObject(with: data)
    }

    /// Runs a judge over files and returns its verdict per file.
    static func verdicts(_ script: String, _ files: [String]) throws -> [String: [String: Any]] {
        guard let all = try run(script, files) as? [String: [String: Any]] else {
            throw JudgeFailure(description: "\(script) printed something other than an object per file")
        }
        return all
    }
}

struct JudgeFailure: Error, CustomStringConvertible { var description: String }

