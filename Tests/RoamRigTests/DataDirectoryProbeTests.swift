import Foundation
@testable import RoamRig
import RoamTestSupport
import Testing

/// `selftest`'s data check on real file systems that refuse a new file: its advice follows the
/// kernel's answer. "The recorder's user must own it (chown roam)" was said of every refusal, a
/// card mounted read-only and a full one included, where chown changes nothing.
@Suite(.serialized) struct DataDirectoryProbeTests {
    static let canMount = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    @Test(.needs(canMount, "needs root to mount a tmpfs (CI runs as root)"))
    func aReadOnlyCardIsSaidAsReadOnlyNotAsItsOwner() throws {
        let said = try probe(mountOptions: "ro,size=1m")
        #expect(!said.isOK)
        #expect(said.message == "not writable: the file system is read-only: check the mount (a card mounted read-only, "
                + "or failing: see 'dmesg').", "\(said.message)")
    }

    @Test(.needs(canMount, "needs root to mount a tmpfs (CI runs as root)"))
    func aFullCardIsSaidAsFullNotAsItsOwner() throws {
        // One inode, the root folder's: no new file fits, as on a card with no room left.
        let said = try probe(mountOptions: "size=1m,nr_inodes=1")
        #expect(!said.isOK)
        #expect(said.message == "not writable: no space left on device (the storage is full): free some space.", "\(said.message)")
    }

    static let canMountOverlay = canMount
        && ((try? String(contentsOfFile: "/proc/filesystems", encoding: .utf8)) ?? "").split(separator: "\n").contains { $0.hasSuffix("\toverlay") }

    /// An overlay whose mount table cannot be read (here a folder where /proc/self/mountinfo should
    /// be: a real read that fails, EISDIR): where its writable layer lies is unknown, so the check
    /// fails naming the file and why, rather than say OK of what it could not look at (P1).
    @Test(.needs(canMountOverlay, "needs root and the overlay file system to mount one (CI runs as root)"))
    func anOverlayWhoseMountTableCannotBeReadIsNotSaidOK() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for folder in ["lower", "upper", "work", "merged", "root/proc/self/mountinfo"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("console=serial0,115200 root=PARTUUID=1234-02 rootwait\n".utf8).write(to: dir.appendingPathComponent("root/proc/cmdline"))
        let merged = dir.appendingPathComponent("merged").path
        try TestTools.run("/bin/mount", ["-t", "overlay", "overlay", "-o", "lowerdir=\(dir.path)/lower,upperdir=\(dir.path)/upper,workdir=\(dir.path)/work", merged])
        defer { _ = try? TestTools.run("/bin/umount", [merged]) }  // cleanup only
        let said = DeviceProbe.dataDirectory(merged, systemRoot: dir.appendingPathComponent("root").path)
        #expect(!said.isOK, "\(said)")
        #expect(said.message == "writable, but whether it is in RAM is unknown: it is on an overlay, and "
                + "\(dir.path)/root/proc/self/mountinfo, which says where its writable layer lies, cannot be read (it is a folder, not a file). "
                + "Check that /proc is mounted and readable.", "\(said.message)")
    }

    /// The data check on a fresh tmpfs mounted with `mountOptions`.
    private func probe(mountOptions: String) throws -> ProbeResult {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("roam-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        try TestTools.run("/bin/mount", ["-t", "tmpfs", "-o", mountOptions, "tmpfs", mountPoint.path])
        defer { _ = try? TestTools.run("/bin/umount", [mountPoint.path]) }  // cleanup only; the test's outcome is decided by the caller
        return DeviceProbe.dataDirectory(mountPoint.path)
    }
}
