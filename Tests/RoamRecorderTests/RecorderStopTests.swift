import Foundation
import RoamStore
import RoamSystem
import Testing

@Suite struct RecorderStopTests {
    /// `check`, `dump` and a host that copies the card read the files right after a stop; the
    /// checkpoint that the last writer's close performs must not land under them later.
    @Test("stop() returns with the store closed: the WAL is checkpointed while the recorder is still referenced")
    func stopClosesTheStore() throws {
        let h = try RecorderHarness()
        let recorder = try h.recorder()
        try recorder.start()
        recorder.press()
        try h.feed(5)
        #expect(h.waitForAck(through: 4))
        #expect(FileManager.default.fileExists(atPath: h.dbPath + "-wal"), "a recording writer keeps a WAL")
        recorder.stop()
        // The recorder (and so its store) is alive past this line; only an explicit close removes the WAL.
        withExtendedLifetime(recorder) {
            #expect(!FileManager.default.fileExists(atPath: h.dbPath + "-wal"))
        }
        #expect(try h.reader().seqs(ride: try #require(try h.reader().rides().last?.id)) == Array(0..<5))
    }

    /// The commit thread makes the WAL's room after its first commit (`RideStore.makeWALRoomOnce`), so a
    /// ride's first minutes do not grow the file at each commit; its clean stop still removes it.
    @Test("a recording writer's WAL has its checkpoint length from the commit after its first")
    func theWALHasItsRoomFromTheFirstCommit() throws {
        let h = try RecorderHarness()
        let recorder = try h.recorder()
        try recorder.start()
        recorder.press()
        try h.feed(3)
        #expect(h.waitForAck(through: 2))
        // A later batch's acknowledgement: the commit thread went round its loop, the room's place, since the first.
        try h.feed(2)
        #expect(h.waitForAck(through: 4))
        // wal_autocheckpoint's 1 000 frames and 64 more, of 1 KiB pages and their 24-byte headers.
        #expect(try FileSystem.size(h.dbPath + "-wal") == 32 + 1_064 * (1_024 + 24))
        recorder.stop()
        #expect(!FileManager.default.fileExists(atPath: h.dbPath + "-wal"))
    }
}
