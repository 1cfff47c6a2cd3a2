/// One stored fix's time and position, as the same-ride check of an import compares them.
public struct TimedPosition: Sendable, Equatable {
    public var utcMs: Int64, latDeg: Double, lonDeg: Double
    public init(utcMs: Int64, latDeg: Double, lonDeg: Double) { self.utcMs = utcMs; self.latDeg = latDeg; self.lonDeg = lonDeg }
}

/// Where a stored ride was at chosen times, found without reading its fixes: each probe is a
/// binary search over the ride's range of `fix_key` (the rowid), a few dozen seeks whatever the
/// ride's length. A 24 h ride at 10 Hz holds 864 000 fixes; the same-ride check of an import asks
/// about 60 times. Only dated fixes with a position count.
///
/// The search takes the fixes' times to rise with their order, as an imported file's do (its points
/// are in time order) and a recording's do except where the receiver's clock stepped back (flagged,
/// rare): there a probe may find a fix farther in time than the nearest, which a caller comparing
/// tracks within a time window counts as no fix near.
public final class TrackProbe {
    /// The ride's first and last dated fixes with a position, in fix order: its track so far.
    public let first: TimedPosition, last: TimedPosition
    private let firstKey: Int64, lastKey: Int64
    private let forward: SQLiteStatement, backward: SQLiteStatement

    private static let dated = "t_utc_ms IS NOT NULL AND lat_deg IS NOT NULL AND lon_deg IS NOT NULL"

    /// nil when ride `id` has no dated fix with a position.
    init?(_ connection: SQLiteConnection, ride id: Int64) throws(SQLiteError) {
        forward = try connection.prepare("SELECT fix_key, t_utc_ms, lat_deg, lon_deg FROM fixes "
            + "WHERE fix_key >= ?1 AND fix_key <= ?2 AND \(Self.dated) ORDER BY fix_key LIMIT 1")
        backward = try connection.prepare("SELECT fix_key, t_utc_ms, lat_deg, lon_deg FROM fixes "
            + "WHERE fix_key <= ?1 AND fix_key >= ?2 AND \(Self.dated) ORDER BY fix_key DESC LIMIT 1")
        let low = id << 32, high = low + 4_294_967_295
        guard let head = try Self.seek(forward, from: low, to: high), let tail = try Self.seek(backward, from: high, to: low) else {
            return nil
        }
        (firstKey, first, lastKey, last) = (head.key, head.position, tail.key, tail.position)
    }

    /// The dated fix nearest in time to `utcMs` (either side of it).
    public func nearest(toUTCms utcMs: Int64) throws(SQLiteError) -> TimedPosition {
        // Invariant: the fixes before `low` are earlier than utcMs; those from `high` on are not.
        var low = firstKey, high = lastKey + 1
        while low < high {
            let mid = low + (high - low) / 2
            if let found = try Self.seek(forward, from: mid, to: high - 1), found.position.utcMs < utcMs {
                low = found.key + 1
            } else {
                high = mid
            }
        }
        let candidates = [try Self.seek(backward, from: low - 1, to: firstKey), try Self.seek(forward, from: low, to: lastKey)]
        return candidates.compactMap { $0?.position }.min { abs($0.utcMs - utcMs) < abs($1.utcMs - utcMs) } ?? first
    }

    /// The first dated fix with a position from key `from` towards `to` (either direction, by the statement).
    private static func seek(_ statement: SQLiteStatement, from: Int64, to: Int64) throws(SQLiteError)
        -> (key: Int64, position: TimedPosition)?
    {
        defer { statement.reset() }  // a statement left stepping keeps its read snapshot
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        guard try statement.step() else { return nil }
        return (statement.int64(at: 0),
                TimedPosition(utcMs: statement.int64(at: 1), latDeg: statement.double(at: 2), lonDeg: statement.double(at: 3)))
    }
}

extension RideStore {
    /// Ride `id`'s track for probing at chosen times (`TrackProbe`); nil when it has no dated position.
    public func trackProbe(ride id: Int64) throws(SQLiteError) -> TrackProbe? {
        try TrackProbe(connection, ride: id)
    }
}
