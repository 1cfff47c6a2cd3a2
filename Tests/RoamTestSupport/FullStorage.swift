import Foundation
import Glibc

/// Storage with no byte left, for the tests of a full card: a real file system filled by a real file.
public enum FullStorage {
    /// Writes a file in `folder` until the storage refuses a byte more; throws unless it refused for want of room.
    public static func fill(_ folder: URL) throws {
        let path = folder.appendingPathComponent("filler").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FillFailure(description: "cannot create \(path): errno \(errno)") }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0xA5, count: 4096)
        while write(fd, chunk, chunk.count) > 0 {}
        guard errno == ENOSPC else { throw FillFailure(description: "filling \(path) stopped on errno \(errno), not ENOSPC") }
    }
}

/// Filling the storage stopped for another reason than a full file system.
public struct FillFailure: Error, CustomStringConvertible {
    public var description: String
}
