/// How a pruned ride's rows go: each table's by its key range or index, never by the foreign-key
/// cascade.
///
/// `fixes.ride_id` has no index (one would cost every recorder batch a second B-tree, SchemaV1), so
/// the cascade of `DELETE FROM rides` finds a ride's fixes by reading the whole of `fixes`, once per
/// ride: a season's 432 MB for each ride pruned. A ride's fixes are one range of the rowid
/// (`FixKey`), so the prune's connection turns foreign keys off (`PRAGMA foreign_keys` cannot change
/// inside a transaction), deletes each child table's rows itself, and checks by indexed lookups,
/// before its transaction commits, that no row still points at the ride.
enum PruneRows {
    /// The tables whose rows point at a ride, each handled below (a test compares this with the schema).
    static let children = ["events", "explored", "fixes", "imports"]

    static let deleteRide = "DELETE FROM rides WHERE id = ?1 AND state = 'stopped'"
    // After the ride row: the schema's fixes_kept trigger lets a fix go only once its ride is gone (P4).
    static let deleteFixes = "DELETE FROM fixes WHERE \(FixKey.ride("?1"))"
    static let deleteEvents = "DELETE FROM events WHERE ride_id = ?1"
    // A pruned import may be imported again (SchemaV3); explored cells stay explored (SchemaV1).
    static let deleteImport = "DELETE FROM imports WHERE ride_id = ?1"
    static let unsetExplored = "UPDATE explored SET ride_id = NULL WHERE ride_id = ?1"
    static let leftBehind = """
        SELECT EXISTS (SELECT 1 FROM fixes WHERE \(FixKey.ride("?1"))) + EXISTS (SELECT 1 FROM events WHERE ride_id = ?1)
            + EXISTS (SELECT 1 FROM imports WHERE ride_id = ?1) + EXISTS (SELECT 1 FROM explored WHERE ride_id = ?1)
        """
    static let countFixes = "SELECT count(*) FROM fixes WHERE \(FixKey.ride("?1"))"
    static let countEvents = "SELECT count(*) FROM events WHERE ride_id = ?1"

    /// Every statement that reads or writes a ride's rows for a prune or its dry run.
    static let statements = [deleteRide, deleteFixes, deleteEvents, deleteImport, unsetExplored, leftBehind, countFixes, countEvents]

    /// Deletes the stopped ride `id` and every row pointing at it, inside the caller's transaction, on
    /// a connection whose foreign keys are off; nil when no such ride is there (any more).
    static func delete(_ db: SQLiteConnection, ride id: Int64) throws(SQLiteError) -> (fixes: Int, events: Int)? {
        guard try change(db, deleteRide, id) == 1 else { return nil }
        let fixes = try change(db, deleteFixes, id)
        let events = try change(db, deleteEvents, id)
        _ = try change(db, deleteImport, id)
        _ = try change(db, unsetExplored, id)
        guard try count(db, leftBehind, id) == 0 else {
            throw SQLiteError(code: .constraintForeignKey, message: "rows still point at ride \(id) once its own were deleted; "
                              + "nothing was pruned: run 'roam-board check' on the database", sql: leftBehind, path: db.path)
        }
        return (fixes, events)
    }

    /// The ride's fixes and events, as `delete` would count them.
    static func counts(_ db: SQLiteConnection, ride id: Int64) throws(SQLiteError) -> (fixes: Int, events: Int) {
        (try count(db, countFixes, id), try count(db, countEvents, id))
    }

    private static func change(_ db: SQLiteConnection, _ sql: String, _ id: Int64) throws(SQLiteError) -> Int {
        let statement = try db.prepare(sql)
        try statement.bind(id, at: 1)
        try statement.run()
        return db.changes
    }

    private static func count(_ db: SQLiteConnection, _ sql: String, _ id: Int64) throws(SQLiteError) -> Int {
        let statement = try db.prepare(sql)
        try statement.bind(id, at: 1)
        _ = try statement.step()
        return Int(statement.int64(at: 0))
    }
}
