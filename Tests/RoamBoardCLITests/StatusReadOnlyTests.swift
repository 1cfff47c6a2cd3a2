import Foundation
import Glibc
import RoamTestSupport
import Testing

/// A card the kernel remounted read-only (an SD card that reports errors often is): `status` gave
/// its free space and hours of riding as on a card that takes writes, and nothing else, while
/// `record` fails there. It says READ-ONLY, what that means and what to check.
@Suite struct StatusReadOnlyTests {
    // As root (CI) the mount is required to work: a failing mount fails the test, it does not skip it.
    @Test(.needs(geteuid() == 0, "a read-only bind mount needs root"))
    func statusOnAReadOnlyMountSaysSo() throws {
        let f = try DumpFixture.make()
        let mountPoint = try CLIRunner.temporaryDirectory()
        defer { ReadOnlyMount.unmount(mountPoint); try? FileManager.default.removeItem(at: mountPoint); f.remove() }
        try #require(ReadOnlyMount.mount(f.directory, at: mountPoint) == nil)
        let status = try CLIRunner.run(["status", "--db", mountPoint.appendingPathComponent("rides.db").path])
        #expect(status.status == 0, "\(status.stderr)")
        let lines = status.stdout.split(separator: "\n").map(String.init)
        let storage = try #require(lines.firstIndex { $0.hasPrefix("storage ") }, "\(status.stdout)")
        let readOnly = lines.dropFirst(storage + 1).first { $0.contains("READ-ONLY") } ?? ""
        #expect(readOnly.hasPrefix("             READ-ONLY: the data directory \(mountPoint.path) is on a file system mounted read-only: "
                                   + "'record' cannot store a fix"), "\(status.stdout)")
        #expect(readOnly.contains("check 'dmesg' for the card's errors"), "\(readOnly)")

        // The same folder writable: no such line.
        let writable = try CLIRunner.run(["status", "--db", f.dbPath])
        #expect(!writable.stdout.contains("READ-ONLY"), "\(writable.stdout)")
    }
}
