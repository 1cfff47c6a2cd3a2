import RoamCore
import RoamSystem

/// How much riding still fits (low storage): the room a new fix can take, divided by what this
/// database has cost per fix so far. The room is the space left to an unprivileged writer on the
/// data directory's file system plus the database's own free pages: `prune` frees pages inside
/// rides.db, which new fixes reuse, while the file itself never shrinks.
public struct StorageEstimate: Sendable, Equatable {
    /// Below this many fixes a database's size is mostly schema and first index pages, not fixes:
    /// a young database would look many times costlier per fix than it is.
    public static let minFixesToMeasure = 10_000
    /// What a fix costs until then, on the safe side: the bench ride's 10 Hz database holds about
    /// 480 B per fix (raw NMEA ≈ 300 B of it; `roam-board bench-memory --keep` to look).
    public static let typicalBytesPerFix = 600.0

    /// Room for new rides: the file system's free space plus `reusableBytes`.
    public var freeBytes: UInt64
    /// Of `freeBytes`, the database's free pages (rides pruned): reused by new rides, never given back to the card.
    public var reusableBytes: UInt64 = 0
    /// Bytes of the database's pages in use per stored fix (free pages and the WAL left out: the
    /// WAL is recycled at a bounded size).
    public var bytesPerFix: Double?
    /// False while `bytesPerFix` is `typicalBytesPerFix` rather than this database's own cost.
    public var costIsMeasured = true

    /// The file system's own free space, without the database's free pages: what SQLite's WAL, the
    /// status file and anything but a fix needs, which no free page inside rides.db can hold.
    public var cardBytes: UInt64 { freeBytes - min(reusableBytes, freeBytes) }

    /// Hours of riding at `rateHz` that fit in `freeBytes`, or nil without a measured cost per fix.
    public func hoursOfRiding(rateHz: Double) -> Double? {
        guard let bytesPerFix, bytesPerFix > 0, rateHz > 0 else { return nil }
        return Double(freeBytes) / bytesPerFix / rateHz / 3600
    }

    /// What a pruned ride's room is, in the same words wherever room is said (`status`, the drive's README.txt).
    public static let prunedRoom = "pruned rides' room: reused by new rides; the file does not shrink"

    /// Room for new rides in words: `cardBytes` free on the card plus `reusableBytes` (rides.db's free
    /// pages), the latter named. The one figure `status` and the drive's README.txt both give.
    public static func roomText(cardBytes: Int64, reusableBytes: UInt64) -> String {
        let reusable = Int64(clamping: reusableBytes)
        return ByteSize.text(max(0, cardBytes) &+ reusable) + " free"
            + (reusable == 0 ? "" : " (\(ByteSize.text(reusable)) of it inside rides.db, \(prunedRoom))")
    }

    /// `freeBytes` in words, its free pages named (`roomText`).
    public var roomText: String { Self.roomText(cardBytes: Int64(clamping: cardBytes), reusableBytes: reusableBytes) }

    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var errno: Errno
        public var description: String { SystemError("measure free space on", path, errno, access: .read).description }
    }

    public init(freeBytes: UInt64, bytesPerFix: Double?) {
        self.freeBytes = freeBytes; self.bytesPerFix = bytesPerFix
    }

    /// Measures the file system of `databasePath` (statvfs: blocks available to non-root) and adds
    /// the database's free pages; the cost per fix is its pages in use over `fixCount` (or the
    /// typical cost while it holds few fixes).
    public static func measure(databasePath: String, fixCount: Int, pages: DatabasePages) throws -> StorageEstimate {
        let directory = FilePath.parent(databasePath)
        let onDisk: UInt64
        do { onDisk = UInt64(try FileSystem.availableBytes(directory)) } catch { throw Failure(path: directory, errno: error.errno) }
        var e = StorageEstimate(freeBytes: onDisk + pages.freeBytes, bytesPerFix: typicalBytesPerFix)
        e.reusableBytes = pages.freeBytes
        guard fixCount >= minFixesToMeasure else {
            e.costIsMeasured = false
            return e
        }
        e.bytesPerFix = Double(pages.usedBytes) / Double(fixCount)
        return e
    }
}

/// A database's pages as SQLite counts them (the WAL's newest commits included): what is in use
/// and what a prune freed inside the file.
public struct DatabasePages: Sendable, Equatable {
    public var pageSize: Int
    public var pageCount: Int
    public var freelistCount: Int

    public init(pageSize: Int, pageCount: Int, freelistCount: Int) {
        self.pageSize = pageSize; self.pageCount = pageCount; self.freelistCount = freelistCount
    }

    public var freeBytes: UInt64 { UInt64(max(0, freelistCount)) * UInt64(max(0, pageSize)) }
    public var usedBytes: UInt64 { UInt64(max(0, pageCount - freelistCount)) * UInt64(max(0, pageSize)) }

    static func read(_ connection: SQLiteConnection) throws(SQLiteError) -> DatabasePages {
        func value(_ pragma: String) throws(SQLiteError) -> Int { try connection.singleText("PRAGMA \(pragma)").flatMap { Int($0) } ?? 0 }
        return DatabasePages(pageSize: try value("page_size"), pageCount: try value("page_count"), freelistCount: try value("freelist_count"))
    }
}
