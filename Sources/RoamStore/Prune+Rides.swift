/// Prune by name: the rides a rider names (a wrong import, a test ride), all or none.
extension Prune {
    /// Why the named rides stay, every reason at once; nothing was deleted.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Named rides that are not in the database.
        public var missing: [Int64] = []
        /// Rides still recording (or left interrupted: the next start resumes them).
        public var recording: [Int64] = []
        /// Rides this board recorded and never dumped: no copy of them exists outside the database.
        public var notDumped: [Int64] = []

        public var description: String {
            "prune refused: missing \(missing), recording \(recording), never dumped \(notDumped); nothing deleted"
        }
    }

    /// Deletes the rides `ids` names, or none when any of them is missing, recording, or recorded
    /// here and never dumped without `notDumpedToo` (an imported ride's file is the rider's own copy).
    public static func run(path: String, rides ids: [Int64], notDumpedToo: Bool, busyTimeoutMs: Int32 = 5_000) throws -> Report {
        try deleting(path: path, busyTimeoutMs: busyTimeoutMs) { (db: SQLiteConnection) throws(SQLiteError) -> Selection in
            try named(db, ids, notDumpedToo: notDumpedToo)
        }
    }

    /// What `run` would delete, or the refusal it would throw; writes nothing.
    public static func preview(path: String, rides ids: [Int64], notDumpedToo: Bool, busyTimeoutMs: Int32 = 5_000) throws -> Report {
        try previewing(path: path, busyTimeoutMs: busyTimeoutMs) { (db: SQLiteConnection) throws(SQLiteError) -> Selection in
            try named(db, ids, notDumpedToo: notDumpedToo)
        }
    }

    static let chosenByName = """
        SELECT state, dumped_utc_ms IS NOT NULL, EXISTS (SELECT 1 FROM imports WHERE ride_id = rides.id) FROM rides WHERE id = ?1
        """

    private static func named(_ db: SQLiteConnection, _ ids: [Int64], notDumpedToo: Bool) throws(SQLiteError) -> Selection {
        let select = try db.prepare(chosenByName)
        var unique: [Int64] = [], refusal = Refusal()
        for id in ids where !unique.contains(id) {
            unique.append(id)
            select.reset()
            try select.bind(id, at: 1)
            guard try select.step() else { refusal.missing.append(id); continue }
            if select.text(at: 0) != "stopped" {
                refusal.recording.append(id)
            } else if select.int64(at: 1) == 0, select.int64(at: 2) == 0, !notDumpedToo {
                refusal.notDumped.append(id)
            }
        }
        var selection = Selection(ids: unique)
        if refusal != Refusal() { selection.refusal = refusal }
        return selection
    }
}
