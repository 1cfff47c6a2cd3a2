import Foundation
import Glibc
@testable import RoamStore
import RoamTestSupport
import Testing

/// The recorder lock's pid on a full card: a new lock whose pid cannot be written is said, not taken
/// as written (a refused recorder would name no one). A real small tmpfs, filled.
@Suite(.serialized, .needs(geteuid() == 0, "mounting a small tmpfs needs root"))
struct RecorderLockFullCardTests {
    /// A filled tmpfs at `dir`/card for `body`, unmounted after.
    static func onFullCard(_ dir: TemporaryDirectory, _ body: (String) throws -> Void) throws {
        let mount = dir.url.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        try TestTools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.path])
        defer { _ = try? TestTools.status("/bin/umount", [mount.path]) }  // cleanup only
        let db = mount.appendingPathComponent("rides.db").path
        try FullStorage.fill(mount)
        try body(db)
    }

    @Test("A new lock whose pid cannot be written fails in words")
    func aPidNotWrittenIsSaid() throws {
        try Self.onFullCard(try TemporaryDirectory()) { db in
            // do/catch, not the error #expect(throws:) returns: Swift 6.0.3's returns nothing.
            var error: RecorderLock.Failed?
            do { _ = try RecorderLock(databasePath: db) } catch let thrown as RecorderLock.Failed { error = thrown } catch { Issue.record("not RecorderLock.Failed: \(error)") }
            #expect(error != nil, "a lock whose pid could not be written was taken")
            #expect(error?.description.contains("rides.db.lock") == true, "\(String(describing: error))")
            #expect(error?.description.contains("no space left") == true, "\(String(describing: error))")
        }
    }
}
