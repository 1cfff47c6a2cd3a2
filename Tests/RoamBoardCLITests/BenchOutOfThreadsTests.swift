import Foundation
import Glibc
import RoamTestSupport
import Testing

/// `bench-memory` starts the recorder as a child, then its own sampling thread (`bench-rss`). With
/// no room for that thread it must kill and reap the recorder it started, and say which thread
/// could not start. RLIMIT_NPROC counts a user's threads and binds no one as root, so the bench
/// runs as `nobody`; the limit is raised from one until the spawn passes and the thread does not:
/// the recorder, waiting for its first byte on the pipe the bench still holds, is alive then.
@Suite struct BenchOutOfThreadsTests {
    static let hours = "0.001"

    @Test(.needs(geteuid() == 0, "a limit on threads binds only a user other than root"))
    func benchMemoryWithoutItsThreadKillsAndReapsItsRecorder() throws {
        let dir = try RecorderOutOfResourcesTests.folderForNobody()
        defer { try? FileManager.default.removeItem(at: dir) }
        var refused: (limit: Int, result: CLIRunner.Result, scratch: String)?
        var said: [String] = []
        for limit in 1...8 {
            let scratch = dir.appendingPathComponent("\(limit)").path
            let r = try RecorderOutOfResourcesTests.asNobody(threads: limit, ["bench-memory", "--dir", scratch,
                                                                              "--hours", Self.hours, "--baseline-hours", Self.hours])
            said.append("limit \(limit): exit \(r.status): \(r.stderr)")
            if r.stderr.contains("the thread bench-rss") {
                refused = (limit, r, scratch)
                break
            }
        }
        let run = try #require(refused, "no limit left the bench without its thread: \(said)")
        // An exit in words, not a signal nor a crash.
        #expect(run.result.status == 1, "limit \(run.limit): \(run.result.stderr)")
        #expect(run.result.stderr.contains("bench-memory: start the thread bench-rss failed: "), "\(run.result.stderr)")
        #expect(!run.result.stderr.contains("Fatal error") && !run.result.stderr.contains("record exited"), "\(run.result.stderr)")
        // Killed while still waiting for its input: it never took the closed pipe for an empty replay,
        // so its log is empty (a recorder left to run says "standard input (--replay -) is empty").
        let log = run.scratch + "/record-\(Self.hours)h.log"
        let logText = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logText.isEmpty, "the recorder ran on: \(logText)")
        // Not left running once the bench has exited: no process names the run's database.
        let db = run.scratch + "/rides-\(Self.hours)h.db"
        #expect(Self.processes(naming: db).isEmpty, "left behind: \(Self.processes(naming: db))")
    }

    /// The processes whose command line holds `text`.
    static func processes(naming text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: bytes.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }
}
