import Foundation
import Glibc
@testable import RoamRecorder
import Testing

/// P3: what the last recorder could not commit is in its status file; a file the next start cannot
/// read is said in words (the lost count may be in it), and the recorder records all the same.
@Suite struct LastStatusUnreadTests {
    @Test("P3: an unreadable status file of the last recorder is said, and recording goes on")
    func anUnreadableLastStatusIsSaidAndRecordingGoesOn() throws {
        let h = try RecorderHarness()
        let statusPath = RecorderStatusFile.path(forDatabase: h.dbPath)
        // A folder in its place: open succeeds, the read fails (EISDIR).
        #expect(mkdir(statusPath, 0o755) == 0)
        defer { rmdir(statusPath) }
        let r = try h.recorder()
        try r.start()
        r.press()
        try h.feed(5)
        #expect(h.waitForAck(through: 3))
        r.stop()
        let said = h.events.all.compactMap { event -> String? in
            if case .lastStatusUnread(let error) = event { return error }
            return nil
        }
        #expect(said == ["status file \(statusPath): read failed: it is a folder, not a file: give a file name"])
    }
}
