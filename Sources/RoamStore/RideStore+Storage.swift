extension RideStore {
    /// Free space on the database's filesystem and this database's cost per stored fix, for the
    /// recorder's low-storage check. Reads only the rides table (one row per ride), never the fixes.
    public func storageEstimate() throws -> StorageEstimate {
        let stored = try connection.singleText("SELECT coalesce(sum(fix_count), 0) FROM rides").flatMap { Int($0) } ?? 0
        return try StorageEstimate.measure(databasePath: path, fixCount: stored)
    }
}
