extension RideStore {
    /// Room on the database's storage (free space and free pages) and this database's cost per
    /// stored fix (`StorageEstimate`), for the recorder's low-storage check, the drive's and
    /// import's reserve. Reads only the rides table (one row per ride), never the fixes.
    public func storageEstimate() throws -> StorageEstimate {
        let stored = try connection.singleText("SELECT coalesce(sum(fix_count), 0) FROM rides").flatMap { Int($0) } ?? 0
        return try StorageEstimate.measure(databasePath: path, fixCount: stored, pages: try DatabasePages.read(connection))
    }
}

extension RideReader {
    /// `RideStore.storageEstimate` through a reader (`status`, the drive keeper), over `fixCount` fixes.
    public func storageEstimate(fixCount: Int) throws -> StorageEstimate {
        try StorageEstimate.measure(databasePath: path, fixCount: fixCount, pages: try DatabasePages.read(connection))
    }

    /// rides.db's free pages (rides pruned), which new rides reuse: the room `StorageEstimate.roomText`
    /// names apart from the card's (the drive's README.txt).
    public func reusableBytes() throws -> UInt64 { try DatabasePages.read(connection).freeBytes }
}
