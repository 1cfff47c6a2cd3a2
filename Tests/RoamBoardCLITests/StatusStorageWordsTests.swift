import Foundation
import RoamStore
import Testing

/// `status` says the free space in the unit every other size is said in (ByteSize: MiB, GiB on a
/// card), never decimal "GB" of its own beside the drive's and the low-storage alarm's MiB.
@Suite struct StatusStorageWordsTests {
    @Test func theFreeSpaceIsSaidInTheUnitOfEveryOtherSize() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        _ = try RideStore(path: db)
        let status = try CLIRunner.run(["status", "--db", db])
        #expect(status.status == 0, "\(status.stderr)")
        let line = try #require(status.stdout.split(separator: "\n").first { $0.hasPrefix("storage ") }, "\(status.stdout)")
        let words = line.split { " ,".contains($0) }
        let unit = try #require(words.firstIndex(of: "free").map { words[$0 - 1] }, "\(line)")
        #expect(["KiB", "MiB", "GiB", "TiB"].contains(unit), "\(line)")
    }
}
