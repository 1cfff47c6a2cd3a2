import Foundation
import Glibc

/// A directory that even root cannot write to: `chattr +i` (ext4 and most Linux file systems),
/// else a read-only bind mount; as a normal user, plain permissions.
final class ReadOnlyDirectory {
    let url: URL
    private(set) var isReadOnly = false
    private(set) var why = ""
    private var undo: (() -> Void)?

    init(_ url: URL) throws {
        self.url = url
        if geteuid() != 0 {
            chmod(url.path, 0o555)
            undo = { chmod(url.path, 0o755) }
        } else if try HostileFixtures.tool("chattr", ["+i", url.path]).status == 0 {
            undo = { _ = try? HostileFixtures.tool("chattr", ["-i", url.path]) }
        } else if try HostileFixtures.tool("mount", ["--bind", "-o", "ro", url.path, url.path]).status == 0 {
            undo = { _ = try? HostileFixtures.tool("umount", [url.path]) }
        } else {
            why = "neither chattr +i nor a read-only bind mount worked"
            return
        }
        // Prove it: a probe file must be refused.
        let probe = url.appendingPathComponent("probe").path
        let fd = open(probe, O_WRONLY | O_CREAT, 0o644)
        if fd >= 0 {
            close(fd)
            unlink(probe)
            why = "a probe file could still be created"
        } else {
            isReadOnly = true
        }
    }

    func release() { undo?(); undo = nil }

    /// Whether this machine lets a test make one (probed once, on a scratch folder), so the test
    /// that needs it is skipped with the reason instead of passing without running.
    static let canBeMade: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("roam-readonly-probe-\(getpid())")
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil,
              let lock = try? ReadOnlyDirectory(probe) else { return false }
        defer { lock.release() }
        return lock.isReadOnly
    }()
}
