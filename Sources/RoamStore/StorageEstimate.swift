import Glibc
import RoamSystem

/// How much riding still fits on the data directory's filesystem (low storage): the
/// space left to an unprivileged writer, divided by what this database has cost per fix so far.
public struct StorageEstimate: Sendable, Equatable {
    /// Below this many fixes a database's size is mostly schema, first index pages and free pages,
    /// not fixes: a young database would look many times costlier per fix than it is.
    public static let minFixesToMeasure = 10_000
    /// What a fix costs until then, on the safe side: the bench ride's 10 Hz database holds about
    /// 480 B per fix (raw NMEA ≈ 300 B of it; `roam-board bench-memory --keep` to look).
    public static let typicalBytesPerFix = 600.0

    public var freeBytes: UInt64
    /// Database file bytes per stored fix (the WAL is left out: it is recycled at a bounded size).
    public var bytesPerFix: Double?
    /// False while `bytesPerFix` is `typicalBytesPerFix` rather than this database's own cost.
    public var costIsMeasured = true

    /// Hours of riding at `rateHz` that fit in `freeBytes`, or nil without a measured cost per fix.
    public func hoursOfRiding(rateHz: Double) -> Double? {
        guard let bytesPerFix, bytesPerFix > 0, rateHz > 0 else { return nil }
        return Double(freeBytes) / bytesPerFix / rateHz / 3600
    }

    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var errno: Errno
        public var description: String { SystemError("measure free space on", path, errno, access: .read).description }
    }

    public init(freeBytes: UInt64, bytesPerFix: Double?) {
        self.freeBytes = freeBytes; self.bytesPerFix = bytesPerFix
    }

    /// Measures the filesystem of `databasePath` (statvfs: blocks available to non-root) and the
    /// database file's size against `fixCount` (or takes the typical cost while it holds few fixes).
    public static func measure(databasePath: String, fixCount: Int) throws -> StorageEstimate {
        let directory = FilePath.parent(databasePath)
        let free: UInt64
        do { free = UInt64(try FileSystem.availableBytes(directory)) } catch { throw Failure(path: directory, errno: error.errno) }
        guard fixCount >= minFixesToMeasure else {
            var e = StorageEstimate(freeBytes: free, bytesPerFix: typicalBytesPerFix)
            e.costIsMeasured = false
            return e
        }
        var st = stat()
        let bytes = stat(databasePath, &st) == 0 ? UInt64(st.st_size) : 0
        return StorageEstimate(freeBytes: free, bytesPerFix: Double(bytes) / Double(fixCount))
    }
}
