import Foundation
import Testing

/// `bench-cadence` feeds `record --replay -` in real time and reads the bytes and syncs it cost. A
/// replay starts its ride only once it has read a checksummed sentence; the benchmark once waited
/// for the ride before feeding anything, each waited for the other, and every run failed after 60 s
/// ("standard input (--replay -) is empty"), stopping `scripts/bench` there.
@Suite struct BenchCadenceTests {
    @Test func aShortRunRecordsEveryEpochItFedAndPrintsItsFigures() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scratch = dir.appendingPathComponent("cadence").path
        let r = try CLIRunner.run(["bench-cadence", "--dir", scratch, "--seconds", "3", "--short-seconds", "2", "--hz", "1",
                                   "--cadence-only", "--warm-up", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        // Its own check: the fixes stored in each run's database are the epochs it wrote, first one included.
        #expect(!r.stderr.contains("fixes stored in"), "\(r.stderr)")
        #expect(r.stdout.contains("1 Hz, 1.0 s cadence (after)"), "\(r.stdout)")
    }
}
