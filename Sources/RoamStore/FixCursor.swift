import RoamCore

/// Streams one ride's fixes in `seq` order, one `sqlite3_step` per fix, so `dump` of a
/// ten-hour ride uses the memory of one row.
///
/// While a cursor is open it holds a read snapshot, which keeps the WAL from being checkpointed
/// past it; read to the end or drop the cursor promptly.
public final class FixCursor {
    private let statement: SQLiteStatement
    private let path: String
    private var isFinished = false

    init(connection: SQLiteConnection, rideID: Int64) throws(SQLiteError) {
        statement = try connection.prepare(FixColumns.selectForRide)
        path = connection.path
        try statement.bind(rideID, at: 1)
    }

    /// The next fix, or nil after the last one. Throws `SQLiteError` or `StoreError`.
    public func next() throws -> FixRecord? {
        guard !isFinished else { return nil }
        guard try statement.step() else {
            isFinished = true
            statement.reset() // Releases the read snapshot now rather than at deinit.
            return nil
        }
        return try FixColumns.read(statement, path: path)
    }
}
