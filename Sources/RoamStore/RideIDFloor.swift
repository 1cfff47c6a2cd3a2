/// A ride id is never given twice. SQLite gives a new row the highest id left plus one, so pruning
/// the newest ride would hand its id to the next ride; the drive keeper marks rides handed over by
/// id, and a host reading an image built before the prune would mark the new ride handed over
/// without it ever being on the drive (and a later prune by date could then delete it unsaved).
/// Prune keeps the highest id there was in `meta`; a new ride takes the next id above both.
enum RideIDFloor {
    /// The new ride's id, as an SQL expression for the INSERT's `id` value.
    static let nextID = """
        (SELECT max(coalesce((SELECT max(id) FROM rides), 0), \
        coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'last_ride_id'), 0)) + 1)
        """

    /// Records the highest ride id there is; run inside prune's transaction, before it deletes.
    static func keep(_ db: SQLiteConnection) throws(SQLiteError) {
        // "WHERE true" keeps the SELECT apart from the upsert's ON CONFLICT (SQLite's parsing rule).
        try db.execute("""
            INSERT INTO meta (key, value) SELECT 'last_ride_id', CAST(coalesce(max(id), 0) AS TEXT) FROM rides WHERE true
            ON CONFLICT (key) DO UPDATE SET value = CAST(max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER)) AS TEXT)
            """)
    }
}
