import RoamCore

/// Writes `explored` (docs/DESIGN.md §5): the precision-7 geohash of each accepted fix, inserted once.
/// A cell keeps its first visit: later rides, and `rederive`, never move or remove it (a cell
/// once explored stays explored).
enum ExploredCells {
    static let insertSQL = "INSERT OR IGNORE INTO explored (cell, ride_id, t_utc_ms) VALUES (?1, ?2, ?3)"

    /// Inserts the cells of `fixes` that are accepted and have a position, with `statement`
    /// prepared from `insertSQL`. Consecutive fixes mostly share a cell, so each run of one cell
    /// costs one statement.
    static func insert<S: Sequence>(_ fixes: S, ride: Int64, using statement: SQLiteStatement) throws(SQLiteError)
        where S.Element == FixRecord {
        var previous: String?
        for fix in fixes where fix.flags.isAccepted && fix.epoch.hasPosition {
            guard let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg,
                  let cell = Geohash.encode(latDeg: lat, lonDeg: lon, precision: Geohash.exploredPrecision),
                  cell != previous else { continue }
            previous = cell
            defer { statement.reset() }
            var b = RowBinder(statement)
            try b.add(cell)
            try b.add(ride)
            try b.add(fix.utcMs)
            try statement.run()
        }
    }
}
