import Foundation
import Glibc

/// A child process for the trials (`roam-board record`, `fiu-run …`), whose stdout and stderr
/// lines are collected as they arrive, so a trial can wait for an `ack` or an `ALARM` line
/// instead of sleeping.
final class TrialChild: @unchecked Sendable {
    let process = Process()
    private let condition = NSCondition()
    private var out: [String] = []
    private var err: [String] = []
    private var openStreams = 2

    var pid: Int32 { process.processIdentifier }

    init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = TrialPaths.repoRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        collect(outPipe.fileHandleForReading, isStdout: true)
        collect(errPipe.fileHandleForReading, isStdout: false)
    }

    private func collect(_ handle: FileHandle, isStdout: Bool) {
        let thread = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let nl = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<nl], as: UTF8.self)
                    pending = Data(pending[(nl + 1)...])
                    condition.lock()
                    if isStdout { out.append(line) } else { err.append(line) }
                    condition.broadcast(); condition.unlock()
                }
            }
            condition.lock(); openStreams -= 1; condition.broadcast(); condition.unlock()
        }
        thread.start()
    }

    var stdoutLines: [String] { condition.lock(); defer { condition.unlock() }; return out }
    var stderrLines: [String] { condition.lock(); defer { condition.unlock() }; return err }

    /// Waits until `predicate` holds for (stdout, stderr) so far, or both streams closed, or the
    /// failure bound passed. Returns whether it holds.
    @discardableResult
    func wait(timeoutS: Double = 120, _ predicate: (_ out: [String], _ err: [String]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeoutS)
        condition.lock(); defer { condition.unlock() }
        while !predicate(out, err) {
            if openStreams == 0 || !condition.wait(until: deadline) { return predicate(out, err) }
        }
        return true
    }

    func waitForStderr(containing text: String, timeoutS: Double = 120) -> Bool {
        wait(timeoutS: timeoutS) { _, err in err.contains { $0.contains(text) } }
    }

    /// Waits until the fixes through `seq` are acknowledged.
    func waitForAck(through seq: Int64, timeoutS: Double = 120) -> Bool {
        wait(timeoutS: timeoutS) { out, _ in out.contains { TrialAck($0).map { $0.seqs.upperBound >= seq } ?? false } }
    }

    /// Kills the child unless Foundation has already reaped it: a reaped pid may belong to another
    /// test's process by now (pid_max can be 32768).
    func kill() {
        if process.isRunning { Glibc.kill(pid, SIGKILL) }
        finish()
    }

    /// Waits for the exit and for both pipes to be drained; returns the exit status.
    @discardableResult
    func finish() -> Int32 {
        process.waitUntilExit()
        wait { _, _ in false } // returns when both streams are closed
        return process.terminationStatus
    }

    var acks: [TrialAck] { stdoutLines.compactMap(TrialAck.init) }
}

/// One `ack ride=R seq=A...B fixes=N` line: printed only after the batch's commit returned (P1).
struct TrialAck: Equatable {
    var ride: Int64
    var seqs: ClosedRange<Int64>

    init?(_ line: String) {
        let fields = line.split(separator: " ")
        guard fields.count == 4, fields[0] == "ack", fields[1].hasPrefix("ride="), fields[2].hasPrefix("seq="),
              let ride = Int64(fields[1].dropFirst(5)) else { return nil }
        let bounds = fields[2].dropFirst(4).split(separator: ".", omittingEmptySubsequences: true)
        guard bounds.count == 2, let lo = Int64(bounds[0]), let hi = Int64(bounds[1]), lo <= hi else { return nil }
        self.ride = ride; self.seqs = lo...hi
    }
}

enum TrialPaths {
    static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The built roam-board beside the test bundle (the test target depends on the executable).
    static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("roam-board").path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("roam-board")
    }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func remove(_ dir: URL) {
        do { try FileManager.default.removeItem(at: dir) } catch { print("could not remove \(dir.path): \(error)") }
    }

    /// Finds a program on PATH (fiu-run, mkfs.ext4 …), or nil.
    static func tool(_ name: String) -> URL? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
