import Foundation
@testable import RoamRig
import Testing

/// `selftest` beside a recorder: a lock it cannot read for any other reason than its permissions
/// is no "no recorder". Taken as one, selftest as root set the receiver up again mid-ride.
@Suite struct RecorderRunningTests {
    @Test("A recorder lock that cannot be opened (ELOOP) fails the devices' check in words, rather than running it")
    func anUnreadableLockIsNoAnswer() throws {
        let folder = NSTemporaryDirectory() + "roam-recorder-running-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/rides.db"
        // A link to itself: open(2) says ELOOP, for root too.
        #expect(symlink(database + ".lock", database + ".lock") == 0)
        let result = try #require(RecorderRunning.result(database: database, boardFolder: nil))
        #expect(!result.isOK)
        #expect(result.device == "devices")
        #expect(result.message.contains("cannot tell whether a recorder is running"), "\(result.message)")
        #expect(result.message.contains("rides.db.lock"), "\(result.message)")
    }

    @Test("No recorder lock at all: no recorder, the devices are checked")
    func noLockIsNoRecorder() throws {
        let folder = NSTemporaryDirectory() + "roam-recorder-running-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(RecorderRunning.result(database: folder + "/rides.db", boardFolder: nil) == nil)
    }
}
