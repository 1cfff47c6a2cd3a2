import Foundation
import Glibc
import RoamTestSupport
import Testing

/// `record` with too few descriptors or threads to start: it refuses in one sentence that says what ran
/// out, and exits. It once ended with a crash (SIGILL from a `preconditionFailure` in `WakePipe` and
/// `SystemThread`). Each limit is raised from nothing until the recorder starts, so every point of
/// `record`'s start-up that opens a descriptor or starts a thread is met out of them once.
@Suite struct RecorderOutOfResourcesTests {
    /// The runs up to and including the first that started (and played the bench's script without a ride).
    static func runsUntilStarted(_ limits: ClosedRange<Int>, _ run: (Int) throws -> CLIRunner.Result) throws -> [(limit: Int, CLIRunner.Result)] {
        var runs: [(limit: Int, CLIRunner.Result)] = []
        for limit in limits {
            let r = try run(limit)
            runs.append((limit, r))
            if r.status == 0 { break }
        }
        return runs
    }

    static func expectRefusedInWords(_ runs: [(limit: Int, CLIRunner.Result)], ranOut words: String) {
        #expect(runs.last?.1.status == 0, "the recorder never started: \(runs.last.map { "\($0.1.status) \($0.1.stderr)" } ?? "")")
        for (limit, r) in runs where r.status != 0 {
            // An exit, not a signal (SIGILL is 4): the database's and the receiver's refusals are 66 and 74.
            #expect([1, 66, 74].contains(r.status), "limit \(limit): exit \(r.status) (a signal?): \(r.stderr)")
            #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Precondition failed"), "limit \(limit): \(r.stderr)")
            if r.stderr.contains("the recorder cannot start: ") { #expect(r.stderr.contains(words), "limit \(limit): \(r.stderr)") }
        }
        // The recorder's own refusal was among them, not only the database's or the receiver's.
        #expect(runs.contains { $0.1.stderr.contains("the recorder cannot start: ") }, "\(runs.map(\.1.stderr))")
    }

    /// The same runs also check every refusal on the way, not only the recorder's: the database's open
    /// (which once said "no database" or blamed the file's permissions) and the devices' (which said to
    /// check the wiring) say that the process ran out of file descriptors, and what to do, and all
    /// exit 74 (EX_IOERR), whichever descriptor it was.
    @Test func outOfDescriptorsEveryRefusalSaysWhatRanOut() throws {
        let prlimit = try #require(TrialPaths.tool("prlimit"))
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let runs = try Self.runsUntilStarted(4...64) { limit in
            try CLIRunner.run(["--nofile=\(limit):\(limit)", CLIRunner.binary.path, "record", "--board", "Boards/bench",
                               "--db", dir.appendingPathComponent("\(limit).db").path, "--no-ride", "--quiet"], executable: prlimit)
        }
        Self.expectRefusedInWords(runs, ranOut: "ran out of file descriptors (too many files open): stop other programs, or raise the limit (ulimit -n)")
        #expect(runs.count > 3, "\(runs.map(\.1.stderr))")
        for (limit, r) in runs where r.status != 0 {
            #expect(r.stderr.contains("ran out of file descriptors") && r.stderr.contains("ulimit -n"), "limit \(limit): \(r.stderr)")
            // One status for one cause: the wake-up pipes' refusals once exited 1, the database's and the devices' 74.
            #expect(r.status == 74, "limit \(limit): exit \(r.status): \(r.stderr)")
            #expect(!r.stderr.contains("no database") && !r.stderr.contains("wiring"), "limit \(limit): \(r.stderr)")
        }
    }

    /// A folder `nobody` may write in, for runs under `asNobody`.
    static func folderForNobody() throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        try #require(chmod(dir.path, 0o777) == 0)
        return dir
    }

    /// `roam-board ARGUMENTS` as `nobody` with at most `threads` threads: RLIMIT_NPROC counts a
    /// user's threads, and binds no one as root.
    static func asNobody(threads: Int, _ arguments: [String]) throws -> CLIRunner.Result {
        let prlimit = try #require(TrialPaths.tool("prlimit"))
        let setpriv = try #require(TrialPaths.tool("setpriv"))
        let user = try #require(ReaderWithoutWrite.nobody)
        return try CLIRunner.run(["--nproc=\(threads):\(threads)", setpriv.path, "--reuid=\(user.uid)", "--regid=\(user.gid)",
                                  "--clear-groups", CLIRunner.binary.path] + arguments, executable: prlimit)
    }

    @Test(.needs(geteuid() == 0, "a limit on threads binds only a user other than root"))
    func outOfThreadsRecordSaysSo() throws {
        let dir = try Self.folderForNobody()
        defer { try? FileManager.default.removeItem(at: dir) }
        let runs = try Self.runsUntilStarted(1...32) { limit in
            try Self.asNobody(threads: limit, ["record", "--board", "Boards/bench",
                                               "--db", dir.appendingPathComponent("\(limit).db").path, "--no-ride", "--quiet"])
        }
        Self.expectRefusedInWords(runs, ranOut: "no room for another thread or process (its limit on them, or its memory): "
                                  + "stop other programs, or raise the limit (ulimit -u)")
    }
}
