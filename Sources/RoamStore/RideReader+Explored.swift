import RoamCore

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
    /// memory at a time. Coarser cells are prefixes of the stored precision-7 cells (docs/DESIGN.md §4).
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

extension RideReader {
    /// The earliest and latest first-visit times of the explored cells (nil when none is dated).
    public func exploredVisitSpan() throws -> (firstUTCms: Int64?, lastUTCms: Int64?) {
        let statement = try connection.prepare("SELECT MIN(t_utc_ms), MAX(t_utc_ms) FROM explored")
        guard try statement.step() else { return (nil, nil) }
        return (statement.optionalInt64(at: 0), statement.optionalInt64(at: 1))
    }

    /// Rides whose cells were never recorded: their first accepted fix with a position has no
    /// explored cell (a database written before cells were, or cells lost). `rederive` fills them.
    /// One probe per ride: the batch transaction writes a fix and its cell together, so a ride
    /// with its first cell has the others.
    public func ridesMissingExploredCells() throws -> [Int64] {
        let probe = try connection.prepare("SELECT 1 FROM explored WHERE cell = ?1")
        var missing: [Int64] = []
        for ride in try rides() where ride.totals.acceptedCount > 0 {
            let cursor = try FixCursor(connection: connection, rideID: ride.id, excludingFlags: .rejecting, withNMEA: false)
            defer { cursor.finish() }
            while let fix = try cursor.next() {
                guard fix.epoch.hasPosition, let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg,
                      let cell = Geohash.encode(latDeg: lat, lonDeg: lon, precision: Geohash.exploredPrecision) else { continue }
                defer { probe.reset() }
                try probe.bind(cell, at: 1)
                if try !probe.step() { missing.append(ride.id) }
                break
            }
        }
        return missing
    }
}

extension RideReader {
    /// Every stored precision-7 cell in geohash order with its first visit, in one pass over the
    /// primary key (coarser precisions are the caller's prefixes: no GROUP BY per precision).
    public func forEachStoredCell(_ body: (_ geohash: String, _ rideID: Int64?, _ firstVisitUTCms: Int64?) throws -> Void) throws {
        let statement = try connection.prepare("SELECT cell, ride_id, t_utc_ms FROM explored ORDER BY cell")
        while try statement.step() {
            var r = RowReader(statement)
            try body(r.text(), r.optionalInt64(), r.optionalInt64())
        }
    }
}
