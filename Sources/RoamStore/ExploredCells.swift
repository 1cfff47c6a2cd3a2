import RoamCore

/// Writes `explored` (docs/DESIGN.md §5): the precision-7 geohash of each accepted fix, one row a cell.
/// A cell keeps its earliest visit, not the ride stored first: an older archive imported after the
/// board's rides takes the cells it reached earlier. Nothing removes a cell (once explored, it stays
/// explored). A database whose cells went by storing order before this is set right by `rederive --ride N`
/// of each older ride stored later, which offers its cells again; nothing slow runs at start, so no migration does it.
enum ExploredCells {
    static let insertSQL = "INSERT INTO explored (cell, ride_id, t_utc_ms) VALUES (?1, ?2, ?3) "
        + "ON CONFLICT(cell) DO UPDATE SET ride_id = excluded.ride_id, t_utc_ms = excluded.t_utc_ms "
        + "WHERE excluded.t_utc_ms < explored.t_utc_ms"

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
