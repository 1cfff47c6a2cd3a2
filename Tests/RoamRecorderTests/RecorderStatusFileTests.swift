import Foundation
import Glibc
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
        s.storageLow = "6.2 MB free, about 0.2 h of riding at 10 Hz (limit 2.0 h or 64 MiB): dump and prune rides"
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
        // its lock) until the child's exec closes it (O_CLOEXEC): wait that out, a second at most.
        var after = try #require(try RecorderStatusFile.read(path: path))
        for _ in 0..<100 where after.isRecorderRunning {
            usleep(10_000)
            after = try #require(try RecorderStatusFile.read(path: path))
        }
        #expect(!after.isRecorderRunning)
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

    @Test("No status file: nil, not an error")
    func absent() throws {
        #expect(try RecorderStatusFile.read(path: temporaryPath()) == nil)
    }
}
