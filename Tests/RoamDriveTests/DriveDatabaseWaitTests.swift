import Foundation
import RoamDrive
import Testing

/// The drive waits for a board's first database only while nothing is at its path: a path it may
/// not look at (here a link to itself, ELOOP, which root meets too) is said, not waited on for ever.
@Suite struct DriveDatabaseWaitTests {
    @Test("A database path that cannot be looked at fails the wait in words", .timeLimit(.minutes(1)))
    func aPathThatCannotBeLookedAtIsSaid() throws {
        let folder = NSTemporaryDirectory() + "roam-drive-wait-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/rides.db"
        #expect(symlink(database, database) == 0)
        var said: [String] = []
        // do/catch, not the error #expect(throws:) returns: Swift 6.0.3's returns nothing.
        var error: (any Error)?
        do { try DriveKeeper.waitForDatabase(database, pollMs: 10) { said.append($0) } } catch let thrown { error = thrown }
        #expect(error != nil, "the wait returned on a path that is a loop of links")
        #expect("\(error.map { "\($0)" } ?? "")".contains("rides.db"), "\(String(describing: error))")
        #expect(said.isEmpty, "\(said)")
    }
}
