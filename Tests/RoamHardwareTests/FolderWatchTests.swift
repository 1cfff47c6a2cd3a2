import Foundation
import Glibc
import RoamHardware
import Testing

/// The keeper's watch on the database's folder: the kernel queues a note at each write before
/// write() returns, so what `drain` answers right after is deterministic, with no wait.
@Suite struct FolderWatchTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "roam-folder-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Appends `count` writes of 64 KiB to `path`, closing it after each, as mcopy and mkfs would.
    func write(_ path: String, count: Int) {
        let chunk = [UInt8](repeating: 0x5A, count: 65_536)
        for _ in 0..<count {
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            _ = chunk.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }

    @Test func writesToOtherFilesInTheFolderAreDroppedAndABurstIsOneLook() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let watch = try FolderWatch(folder: dir, names: ["rides.db", "rides.db-wal"])
        // An image build beside the database: 16 MiB in 256 writes, and a rename of it.
        write(dir + "/drive.img.next", count: 256)
        #expect(rename(dir + "/drive.img.next", dir + "/drive.img") == 0)
        #expect(!watch.drain(), "the image's writes woke the keeper for a look")
        // A commit's burst of writes to the log: one look, then nothing left queued.
        write(dir + "/rides.db-wal", count: 40)
        #expect(watch.drain())
        #expect(!watch.drain(), "a note of the burst was left for another look")
        // A restore renamed over the database, and the first database appearing, are each a look.
        write(dir + "/restore.tmp", count: 1)
        #expect(rename(dir + "/restore.tmp", dir + "/rides.db") == 0)
        #expect(watch.drain())
        #expect(unlink(dir + "/rides.db") == 0)
        #expect(watch.drain(), "the database's removal was not noted")
    }

    @Test func aFolderThatIsNotThereIsSaidWithItsPath() throws {
        let missing = NSTemporaryDirectory() + "roam-folder-watch-missing-\(UUID().uuidString)"
        var error: (any Error)?
        do { _ = try FolderWatch(folder: missing, names: ["rides.db"]) } catch let thrown { error = thrown }
        let words = error.map { "\($0)" } ?? ""
        #expect(words.contains(missing) && words.contains("does not exist"), "\(words)")
    }
}
