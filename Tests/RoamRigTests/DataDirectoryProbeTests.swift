import Foundation
@testable import RoamRig
import Testing

/// `selftest`'s data check on real file systems that refuse a new file: its advice follows the
/// kernel's answer. "The recorder's user must own it (chown roam)" was said of every refusal, a
/// card mounted read-only and a full one included, where chown changes nothing.
@Suite(.serialized) struct DataDirectoryProbeTests {
    static let canMount = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    @Test(.enabled(if: canMount, "needs root to mount a tmpfs (CI runs as root)"))
    func aReadOnlyCardIsSaidAsReadOnlyNotAsItsOwner() throws {
        let said = try probe(mountOptions: "ro,size=1m")
        #expect(!said.isOK)
        #expect(said.message == "not writable: the file system is read-only: check the mount (a card mounted read-only, "
                + "or failing: see 'dmesg').", "\(said.message)")
    }

    @Test(.enabled(if: canMount, "needs root to mount a tmpfs (CI runs as root)"))
    func aFullCardIsSaidAsFullNotAsItsOwner() throws {
        // One inode, the root folder's: no new file fits, as on a card with no room left.
        let said = try probe(mountOptions: "size=1m,nr_inodes=1")
        #expect(!said.isOK)
        #expect(said.message == "not writable: no space left on device (the storage is full): free some space.", "\(said.message)")
    }

    /// The data check on a fresh tmpfs mounted with `mountOptions`.
    private func probe(mountOptions: String) throws -> ProbeResult {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("roam-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        try run("/bin/mount", ["-t", "tmpfs", "-o", mountOptions, "tmpfs", mountPoint.path])
        defer { _ = try? run("/bin/umount", [mountPoint.path]) }  // cleanup only; the test's outcome is decided by the caller
        return DeviceProbe.dataDirectory(mountPoint.path)
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw MountFailure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(p.terminationStatus)") }
    }

    struct MountFailure: Error, CustomStringConvertible { var description: String }
}
