import Foundation
import RoamStore
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
}
