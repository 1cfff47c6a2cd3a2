import RoamCore

/// How a `RideEvent` maps onto `events`: one statement text and one binding for every writer
/// (the batch commit, stop, rederive's replayed gaps).
enum EventColumns {
    static let insert = """
        INSERT INTO events (ride_id, kind, t_mono_ns, t_utc_ms, detail, recorded_utc_ms)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        """

    static func insert(_ event: RideEvent, ride: Int64, recordedUTCms: Int64?,
                       using statement: SQLiteStatement) throws(SQLiteError) {
        defer { statement.reset() }
        var b = RowBinder(statement)
        try b.add(ride)
        try b.add(event.kind.rawValue)
        try b.add(event.monoNs.map { Int64(bitPattern: $0) })
        try b.add(event.utcMs)
        try b.add(event.detail)
        try b.add(recordedUTCms)
        try statement.run()
    }
}
