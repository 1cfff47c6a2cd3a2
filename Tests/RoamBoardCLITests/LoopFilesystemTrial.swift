import Foundation
import Glibc

/// A small real ext4 filesystem for the disk-full trial: an image file, mkfs.ext4 with no
/// reserved blocks (root would otherwise still find room), mounted through a loop device.
enum LoopFilesystem {
    /// Mounts a fresh filesystem; returns why it could not, or nil on success.
    static func mount(image: URL, at mountPoint: URL, megabytes: Int) -> String? {
        guard geteuid() == 0 else { return "not root" }
        guard let mkfs = TrialPaths.tool("mkfs.ext4"), let mountTool = TrialPaths.tool("mount") else {
            return "mkfs.ext4 or mount not installed"
        }
        do {
            try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: image.path, contents: nil),
                  truncate(image.path, off_t(megabytes) << 20) == 0 else { return "cannot create \(image.path)" }
            let format = try TrialChild(mkfs, ["-q", "-F", "-m", "0", image.path])
            guard format.finish() == 0 else { return "mkfs.ext4: \(format.stderrLines.joined(separator: " "))" }
            let attach = try TrialChild(mountTool, ["-o", "loop", image.path, mountPoint.path])
            guard attach.finish() == 0 else { return "mount -o loop: \(attach.stderrLines.joined(separator: " "))" }
        } catch {
            return "\(error)"
        }
        return nil
    }

    static func unmount(_ mountPoint: URL) {
        guard let tool = TrialPaths.tool("umount") else { print("umount not found: \(mountPoint.path) stays mounted"); return }
        do {
            let child = try TrialChild(tool, [mountPoint.path])
            if child.finish() != 0 { print("umount \(mountPoint.path): \(child.stderrLines)") }
        } catch {
            print("umount \(mountPoint.path): \(error)")
        }
    }

    /// Writes `file` until the filesystem has no block left.
    static func fill(_ file: URL) throws {
        let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw TrialSetupError(message: "cannot create \(file.path): errno \(errno)") }
        defer { close(fd) }
        for size in [1 << 20, 1 << 16, 4096, 512, 1] {
            let chunk = [UInt8](repeating: 0xA5, count: size)
            while write(fd, chunk, size) == size {}
        }
        guard errno == ENOSPC else { throw TrialSetupError(message: "filling \(file.path) stopped with errno \(errno), not ENOSPC") }
        fsync(fd)
    }
}
