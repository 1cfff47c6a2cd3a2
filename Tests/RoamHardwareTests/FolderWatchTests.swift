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

    /// Whether a note is queued on the watch (a wake-up for the keeper), without taking it.
    func woken(_ watch: FolderWatch) -> Bool {
        var look = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&look, 1, 0) == 1
    }

    /// The recorder rewrites its status block in place (`rides.db.status`, pwrite, every few seconds):
    /// no wake-up for the keeper, which only dropped the note. The database's writes still wake it.
    @Test func theStatusFileRewrittenInPlaceWakesNothing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir + "/rides.db", count: 1)
        write(dir + "/rides.db.status", count: 1)
        let watch = try FolderWatch(folder: dir, names: ["rides.db", "rides.db-wal"])
        let status = open(dir + "/rides.db.status", O_WRONLY)
        let block = [UInt8](repeating: 0x0A, count: 2048)
        for slot in 0..<10 { #expect(pwrite(status, block, block.count, off_t(slot % 2 * 2048)) == block.count) }
        #expect(!woken(watch), "the status file's writes woke the keeper")
        close(status)
        write(dir + "/rides.db", count: 1)
        #expect(woken(watch) && watch.drain())
        write(dir + "/rides.db-wal", count: 1)
        #expect(woken(watch) && watch.drain(), "the log made after the watch began is not followed")
        write(dir + "/rides.db-wal", count: 1)
        #expect(woken(watch) && watch.drain(), "the log's writes are not followed")
    }

    /// The data folder removed, or renamed away, and made again: the watch on the old one goes (a
    /// look: the database went with it), nothing is watched until the folder is back (`rewatch`),
    /// then its database's writes wake the keeper again; the folder renamed away wakes it no more.
    @Test(arguments: [true, false]) func aFolderGoneAndMadeAgainIsWatchedAgain(removed: Bool) throws {
        let parent = try folder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let dir = parent + "/data", away = parent + "/data.old"
        #expect(mkdir(dir, 0o755) == 0)
        write(dir + "/rides.db", count: 1)
        let watch = try FolderWatch(folder: dir, names: ["rides.db", "rides.db-wal"])
        if removed { try FileManager.default.removeItem(atPath: dir) } else { #expect(rename(dir, away) == 0) }
        #expect(watch.drain(), "the folder's going was not a look")
        #expect(!watch.isWatching && !watch.rewatch(), "a folder that is not there is watched")
        #expect(mkdir(dir, 0o755) == 0)
        #expect(watch.rewatch() && watch.isWatching)
        write(dir + "/rides.db", count: 1)
        #expect(woken(watch) && watch.drain(), "the database in the folder made again is not followed")
        if !removed {
            write(away + "/rides.db", count: 1)
            #expect(!woken(watch), "the folder renamed away is still followed")
        }
    }

    /// The queue overflowed (fs.inotify.max_queued_events) while the recorder stopped and started: the
    /// log's removal and its making again were among the notes lost, so its new inode is watched only if
    /// the overflow re-arms the file watches as a change of names would (else only the safety look sees it).
    @Test func anOverflowWatchesTheFilesAgain() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(dir + "/rides.db-wal", count: 1)
        let watch = try FolderWatch(folder: dir, names: ["rides.db", "rides.db-wal"])
        let limit = try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
        let queued = try #require(Int(limit.trimmingCharacters(in: .whitespacesAndNewlines)))
        // Another name made and removed in turn, two notes each (never merged: each differs from the
        // one before), until the queue is full: the kernel then queues IN_Q_OVERFLOW and drops the rest.
        for _ in 0...(queued / 2) {
            close(open(dir + "/other", O_WRONLY | O_CREAT, 0o644))
            unlink(dir + "/other")
        }
        #expect(unlink(dir + "/rides.db-wal") == 0)
        write(dir + "/rides.db-wal", count: 1)
        #expect(watch.drain(), "the overflow was not a look")
        write(dir + "/rides.db-wal", count: 1)
        #expect(woken(watch) && watch.drain(), "the log made again during the overflow is not followed")
    }

    /// A name the kernel refuses to watch (a link looping on itself, ELOOP, as ENOSPC would be at the
    /// user's max_user_watches) leaves the other watched whatever the set's order (both orders are run),
    /// and a refusal at a re-arm is kept, not dropped: the keeper says it, and `rewatch` tries again.
    @Test(arguments: ["rides.db", "rides.db-wal"]) func aRefusedNameLeavesTheOtherWatchedAndIsKept(refused: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let other = refused == "rides.db" ? "rides.db-wal" : "rides.db"
        write(dir + "/" + other, count: 1)
        let watch = try FolderWatch(folder: dir, names: ["rides.db", "rides.db-wal"])
        #expect(watch.refusal == nil)
        #expect(symlink(dir + "/" + refused, dir + "/" + refused) == 0)
        #expect(watch.drain(), "the name made was not a look")
        #expect(watch.refusal?.errno.rawValue == ELOOP, "the refusal at the re-arm was dropped")
        write(dir + "/" + other, count: 1)
        #expect(woken(watch) && watch.drain(), "\(other) is not followed beside the refused \(refused)")
        #expect(!watch.rewatch() && watch.refusal != nil)
        #expect(unlink(dir + "/" + refused) == 0)
        #expect(watch.rewatch() && watch.refusal == nil, "the re-arm tried again did not take")
    }

    @Test func aFolderThatIsNotThereIsSaidWithItsPath() throws {
        let missing = NSTemporaryDirectory() + "roam-folder-watch-missing-\(UUID().uuidString)"
        var error: (any Error)?
        do { _ = try FolderWatch(folder: missing, names: ["rides.db"]) } catch let thrown { error = thrown }
        let words = error.map { "\($0)" } ?? ""
        #expect(words.contains(missing) && words.contains("does not exist"), "\(words)")
    }
}
