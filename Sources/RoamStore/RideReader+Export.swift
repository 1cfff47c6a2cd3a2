import RoamCore

extension RideReader {
    /// `forEachFix` for exporters, doing less work per row where the export allows it:
    ///  - `excludingFlags`: rows with any of these flags are skipped by SQLite before they are
    ///    decoded (a default dump wants accepted fixes only: pass `FixFlags.rejecting`);
    ///  - `keepingFlags`: rows with any of these flags are read even if `excludingFlags` matches
    ///    (FIT wants the paused fixes under the distance gate: they stop its timer);
    ///  - `withNMEA: false`: the receiver's sentences are not read (`epoch.sentences` is empty),
    ///    which spares a string and its split per row for formats that do not carry them.
    /// Same snapshot and order guarantees as `forEachFix`; one row in memory at a time.
    public func forEachExportedFix(ride id: Int64, excludingFlags: FixFlags = [], keepingFlags: FixFlags = [],
                                   withNMEA: Bool, _ body: (FixRecord) throws -> Void) throws {
        let cursor = try FixCursor(connection: connection, rideID: id, excludingFlags: excludingFlags,
                                   keepingFlags: keepingFlags, withNMEA: withNMEA)
        defer { cursor.finish() }  // releases the read snapshot at once, also when `body` throws
        try cursor.forEachRemaining(body)
    }
}

extension RideReader {
    /// The UTC time of the ride's first fix that has one (the ride row's start stays empty when the
    /// ride began before the receiver sent a date). One probe of the fix key.
    public func firstFixUTCms(ride id: Int64) throws -> Int64? { try datedFixUTCms(ride: id, order: "ASC") }

    /// The UTC time of the first (ASC) or last (DESC) fix of the ride that has one.
    func datedFixUTCms(ride id: Int64, order: String) throws -> Int64? {
        let statement = try connection.prepare(
            "SELECT t_utc_ms FROM fixes WHERE \(FixKey.ride("?1")) AND t_utc_ms IS NOT NULL ORDER BY fix_key \(order) LIMIT 1")
        try statement.bind(id, at: 1)
        guard try statement.step() else { return nil }
        return statement.optionalInt64(at: 0)
    }
}

extension RideReader {
    /// Runs `body` in one read transaction: every read in it sees the same commit, so a ride's row
    /// and its fixes agree while the recorder commits. Ended also when `body` throws.
    public func inOneSnapshot<T>(_ body: () throws -> T) throws -> T {
        try connection.execute("BEGIN DEFERRED")
        do {
            let result = try body()
            try connection.execute("COMMIT")
            return result
        } catch {
            if !connection.isAutocommit { try connection.execute("ROLLBACK") }
            throw error
        }
    }
}
