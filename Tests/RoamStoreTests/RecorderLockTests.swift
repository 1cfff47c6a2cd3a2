import Foundation
import RoamSystem
import Testing
@testable import RoamStore

/// The recorder's lock file: one recorder per database, and a lock that cannot be made said in words.
@Suite struct RecorderLockTests {
    /// A data directory that is not there: plain words and what to check, never strerror's text and a code.
    @Test func aLockInAMissingFolderIsSaidInWords() {
        let db = "/nonexistent-roam-\(getpid())/rides.db"
        #expect {
            _ = try RecorderLock(databasePath: db)
        } throws: { error in
            "\(error)" == "cannot create the recorder lock \(db).lock: it does not exist: check the path (its folder must exist)"
        }
    }

    @Test func aSecondLockOnTheSameDatabaseNamesTheHolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let first = try RecorderLock(databasePath: db)
        #expect {
            _ = try RecorderLock(databasePath: db)
        } throws: { error in
            (error as? RecorderLock.Held)?.holderPID == getpid()
        }
        _ = first
    }
}
