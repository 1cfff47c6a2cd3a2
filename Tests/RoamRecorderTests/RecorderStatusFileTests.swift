import Foundation
import Glibc
import RoamHardware
import RoamSystem
@testable import RoamRecorder
import Testing

@Suite struct RecorderStatusFileTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("roam-status-\(UUID().uuidString)").path
    }

    private func sample(_ n: Int) -> RecorderStatus {
        var s = RecorderStatus(pid: 4242, bootID: "boot-\(n)")
        s.rideID = 7
        s.alarm = Alarm(cause: .storageFailing, sinceMonoNs: 12, sinceUTCms: 1_781_425_800_000,
                        detail: "SQLite error 13 (SQLITE_FULL): database or disk is full\non /data/rides.db")
        s.parkedEpochs = n; s.parkedBatches = n / 10; s.lostEpochsPending = 3; s.lostEpochsTotal = 9
        s.committedBatches = 99; s.lastCommitMonoNs = 5; s.lastCommitUTCms = 1_781_425_799_000; s.lastAckedSeq = 1234
        s.lastError = "busy"
        s.storageLow = "5.9 MiB free, about 0.2 h of riding at 10 Hz (limit 2.0 h or 64 MiB): dump and prune rides"
        s.receiverSetupAgain = ReceiverSetupAgain(cause: "silent for 3 s: a module that lost power is back at its factory settings, "
                                                  + "or sends nothing until asked", count: 2, monoNs: 11, utcMs: 1_781_425_798_000,
                                                  delivers: "delivers 2.5 Hz, not 10 Hz: 312 B × 10 Hz = 3120 B/s > 960 B/s at 9600 baud; set baud = 57600 in board.conf")
        return s
    }

    @Test("The newest whole slot is read back field for field; a live writer shows as running")
    func roundTrip() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        var file: RecorderStatusFile? = try RecorderStatusFile(path: path)
        for n in 1...5 { try file?.write(sample(n)) }
        let live = try #require(try RecorderStatusFile.read(path: path))
        var expected = sample(5)
        expected.alarm?.detail = "SQLite error 13 (SQLITE_FULL): database or disk is full on /data/rides.db"
        #expect(live.status == expected)
        #expect(live.isRecorderRunning)
        file = nil
        // Another test of this process spawning a child at that moment shares the descriptor (and
        // its lock) until the child's exec closes it (O_CLOEXEC): wait that out. An exec takes moments,
        // but a loaded machine may hold the child off the CPU for seconds: a generous deadline.
        var after = try #require(try RecorderStatusFile.read(path: path))
        let deadline = MonotonicClock.nowNs() + 30_000_000_000
        while after.isRecorderRunning && MonotonicClock.nowNs() < deadline {
            usleep(10_000)
            after = try #require(try RecorderStatusFile.read(path: path))
        }
        #expect(!after.isRecorderRunning, "the closed status file still reads as held by a running recorder after 30 s")
        #expect(after.status == expected)
    }

    @Test("A torn slot is never read: the other, older slot wins")
    func tornSlotIsIgnored() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let file = try RecorderStatusFile(path: path)
        try file.write(sample(1))
        try file.write(sample(2))
        // Damage one byte in the payload of the newer slot (sequence 2 lives in slot 0).
        let fd = open(path, O_RDWR)
        #expect(fd >= 0)
        var byte: UInt8 = 0x7A
        #expect(pwrite(fd, &byte, 1, 100) == 1)
        close(fd)
        let snapshot = try #require(try RecorderStatusFile.read(path: path))
        #expect(snapshot.status?.parkedEpochs == 1)
    }

    @Test("The file is one fixed block: updates overwrite it and never grow it")
    func fixedSize() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let file = try RecorderStatusFile(path: path)
        var s = sample(1)
        s.lastError = String(repeating: "x", count: 5000)
        try file.write(s)
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_size == 4096)
        #expect(try RecorderStatusFile.read(path: path)?.status?.lastError?.count ?? 0 < 1000)
    }

    @Test("With every text at its longest the status fits one slot whole; a long cause is cut at a word and says so")
    func longestStatusFitsASlot() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        var s = sample(1)
        // Numbers as a board that has run for weeks writes them; the free texts far past their limits.
        s.pid = 4_194_304; s.bootID = "0c1f6b9e-5a43-4d2c-9a57-3f1e2d4c5b6a"
        s.updatedMonoNs = 9_999_999_999_999_999; s.updatedUTCms = 9_999_999_999_999
        s.rideID = 9_999_999; s.alarm?.sinceMonoNs = s.updatedMonoNs; s.alarm?.sinceUTCms = s.updatedUTCms
        (s.parkedEpochs, s.parkedBatches, s.lostEpochsPending, s.lostEpochsTotal) = (9_999_999, 9_999_999, 9_999_999, 9_999_999)
        (s.lostAtExitEpochs, s.lostAtExitPresses, s.committedBatches) = (9_999_999, 9_999_999, 999_999_999)
        (s.lastCommitMonoNs, s.lastCommitUTCms, s.lastAckedSeq) = (s.updatedMonoNs, s.updatedUTCms, 999_999_999)
        let words = String(repeating: "SQLite error 10 (SQLITE_IOERR): disk I/O error on /data/rides.db ", count: 80)
        s.alarm?.detail = words
        s.lastError = words
        s.storageLow = "9999999.9 MiB free, about 9999.9 h of riding at 10 Hz (limit 99.9 h or 99999 MiB): dump and prune rides"
        s.receiverSetupAgain = ReceiverSetupAgain(cause: words, count: 99_999, monoNs: s.updatedMonoNs, utcMs: s.updatedUTCms, delivers: words)
        #expect(s.text.utf8.count <= RecorderStatusFile.slotSize - 64, "\(s.text.utf8.count) bytes")
        let file = try RecorderStatusFile(path: path)
        try file.write(s)
        let read = try #require(try RecorderStatusFile.read(path: path)?.status)
        let cause = try #require(read.receiverSetupAgain?.cause)
        #expect(cause.utf8.count <= RecorderStatus.causeLimit && cause.hasSuffix("…"), "\(cause)")
        let cutAtAWord = words.hasPrefix(cause.dropLast() + " ")
        #expect(cutAtAWord, "\(cause)")
        #expect(read.receiverSetupAgain?.count == 99_999 && read.receiverSetupAgain?.utcMs == s.updatedUTCms)
        #expect(read.receiverSetupAgain?.delivers.map { $0.utf8.count <= RecorderStatus.deliversLimit && $0.hasSuffix("…") } == true)
        #expect(read.lastError?.hasSuffix("…") == true && read.storageLow == s.storageLow)
    }

    @Test("A status file that cannot be made says why in words, never strerror's text and a code")
    func aFailureIsSaidInWords() {
        let path = "/nonexistent-roam-\(getpid())/rides.db.status"
        #expect {
            _ = try RecorderStatusFile(path: path)
        } throws: { error in
            "\(error)" == "status file \(path): open failed: it does not exist: check the path (its folder must exist)"
        }
    }

    @Test("P3: a status file whose record cannot be read is not written over: the failed read is named")
    func anUnreadableRecordIsNotWrittenOver() throws {
        // A FIFO opens read-write and locks like a file, but pread fails on it (ESPIPE), as on a dying card.
        let path = temporaryPath()
        #expect(mkfifo(path, 0o644) == 0)
        defer { unlink(path) }
        #expect {
            _ = try RecorderStatusFile(path: path)
        } throws: { error in
            "\(error)".hasPrefix("status file \(path): read the last recorder's status (it is kept, not written over) failed: ")
        }
    }

    @Test("No status file: nil, not an error")
    func absent() throws {
        #expect(try RecorderStatusFile.read(path: temporaryPath()) == nil)
    }
}
