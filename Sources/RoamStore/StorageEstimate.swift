import Foundation
import Glibc

/// How much riding still fits on the data directory's filesystem (issue 8: low storage): the
/// space left to an unprivileged writer, divided by what this database has cost per fix so far.
public struct StorageEstimate: Sendable, Equatable {
    public var freeBytes: UInt64
    /// Database bytes (file + WAL) per stored fix; nil before the first fix.
    public var bytesPerFix: Double?

    /// Hours of riding at `rateHz` that fit in `freeBytes`, or nil without a measured cost per fix.
    public func hoursOfRiding(rateHz: Double) -> Double? {
        guard let bytesPerFix, bytesPerFix > 0, rateHz > 0 else { return nil }
        return Double(freeBytes) / bytesPerFix / rateHz / 3600
    }

    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var errno: Int32
        public var description: String { "cannot measure free space on \(path): \(String(cString: strerror(errno)))" }
    }

    public init(freeBytes: UInt64, bytesPerFix: Double?) {
        self.freeBytes = freeBytes; self.bytesPerFix = bytesPerFix
    }

    /// Measures the filesystem of `databasePath` (statvfs: blocks available to non-root) and the
    /// database's size against `fixCount`.
    public static func measure(databasePath: String, fixCount: Int) throws -> StorageEstimate {
        var fs = statvfs()
        let directory = (databasePath as NSString).deletingLastPathComponent
        guard statvfs(directory.isEmpty ? "." : directory, &fs) == 0 else {
            throw Failure(path: directory, errno: errno)
        }
        let free = UInt64(fs.f_bavail) * UInt64(fs.f_frsize)
        var bytes: UInt64 = 0
        for suffix in ["", "-wal"] {
            var st = stat()
            if stat(databasePath + suffix, &st) == 0 { bytes += UInt64(st.st_size) }
        }
        return StorageEstimate(freeBytes: free, bytesPerFix: fixCount > 0 ? Double(bytes) / Double(fixCount) : nil)
    }
}
