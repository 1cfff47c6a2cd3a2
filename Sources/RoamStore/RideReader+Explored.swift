/// One explored geohash cell at some precision: its first visit across all rides.
public struct ExploredCell: Sendable, Equatable {
    public var geohash: String
    /// The earliest first-visit time of the precision-7 cells inside it (nil if none had a UTC time).
    public var firstVisitUTCms: Int64?
    /// The ride of the earliest stored cell inside it (nil once that ride was pruned).
    public var rideID: Int64?
    /// Precision-7 cells inside it.
    public var cellCount: Int
}

extension RideReader {
    /// Calls `body` with every explored cell at `precision` (1...7), in geohash order, one row in
    /// memory at a time. Coarser cells are prefixes of the stored precision-7 cells (DESIGN.md §4).
    public func forEachExploredCell(precision: Int, _ body: (ExploredCell) throws -> Void) throws {
        precondition((1...7).contains(precision), "explored cells are stored at precision 7")
        // SQLite's bare-column rule: with MIN(), ride_id comes from the row holding the minimum.
        let statement = try connection.prepare("""
            SELECT substr(cell, 1, ?1) AS prefix, MIN(t_utc_ms), ride_id, COUNT(*)
            FROM explored GROUP BY prefix ORDER BY prefix
            """)
        try statement.bind(precision, at: 1)
        while try statement.step() {
            var r = RowReader(statement)
            try body(ExploredCell(geohash: r.text(), firstVisitUTCms: r.optionalInt64(), rideID: r.optionalInt64(), cellCount: r.int()))
        }
    }
}
