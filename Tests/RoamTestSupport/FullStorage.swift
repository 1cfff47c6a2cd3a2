import Foundation
import Glibc

/// A full card for the tests of one: a real file system filled by a real file, `filler` in the folder.
public enum FullStorage {
    /// Writes `filler` in `folder` until the storage refuses a byte more, and throws unless it refused
    /// for want of room; with `left`, until that many bytes stay free to an unprivileged writer
    /// (statvfs's f_bavail, as the recorder's estimate reads it).
    public static func fill(_ folder: URL, leaving left: Int64? = nil) throws {
        let path = folder.appendingPathComponent("filler").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FillFailure(description: "cannot create \(path): errno \(errno)") }
        defer { close(fd) }
        guard let left else {
            // Page by page, so no block of room is left behind a refused larger write.
            let chunk = [UInt8](repeating: 0xA5, count: 4096)
            while write(fd, chunk, chunk.count) > 0 {}
            guard errno == ENOSPC else { throw FillFailure(description: "filling \(path) stopped on errno \(errno), not ENOSPC") }
            return
        }
        var fs = statvfs()
        guard statvfs(folder.path, &fs) == 0 else { throw FillFailure(description: "cannot measure the free space on \(folder.path): errno \(errno)") }
        let free = Int64(fs.f_bavail) * Int64(fs.f_frsize)
        guard free > left else { throw FillFailure(description: "\(free) bytes free on \(folder.path), fewer than the \(left) to leave") }
        var toWrite = Int(free - left)
        let chunk = [UInt8](repeating: 0xA5, count: 1 << 20)
        while toWrite > 0 {
            let n = write(fd, chunk, min(toWrite, chunk.count))
            guard n > 0 else { throw FillFailure(description: "filling \(path) stopped on errno \(errno), \(toWrite) bytes short of leaving \(left)") }
            toWrite -= n
        }
    }
}

/// Filling the storage stopped for another reason than a full file system.
public struct FillFailure: Error, CustomStringConvertible {
    public var description: String
}
