extension PipelineReplay {
    /// `roam-board check`: SQLite's integrity check, then every ride's stored totals against the
    /// totals its stored fixes imply (P2). Read-only from the first byte: it opens the database with
    /// SQLITE_OPEN_READONLY and never writes, so it may run while the recorder writes.
    /// Reads everything inside one read transaction: while the recorder commits meanwhile, the
    /// rows and the fixes compared come from the same snapshot (a ride never looks half-written).
    public static func check(path: String, busyTimeoutMs: Int32 = 5_000) throws -> ConsistencyReport {
        let reader = try RideReader(path: path, busyTimeoutMs: busyTimeoutMs)
        let db = reader.connection
        try db.execute("BEGIN DEFERRED")
        do {
            let report = try inSnapshot(reader)
            try db.execute("COMMIT")
            return report
        } catch {
            if !db.isAutocommit { try db.execute("ROLLBACK") }
            throw error
        }
    }

    private static func inSnapshot(_ reader: RideReader) throws -> ConsistencyReport {
        let integrityCheck = try reader.connection.prepare("PRAGMA integrity_check")
        var integrity: [String] = []
        while try integrityCheck.step() { integrity.append(integrityCheck.text(at: 0)) }
        integrityCheck.reset()
        var report = ConsistencyReport(path: reader.path, integrity: integrity, rides: [])
        // A damaged file gives no trustworthy rows to compare.
        guard report.isIntegrityOK else { return report }
        for row in try reader.rides() {
            report.rides.append(try compare(row: row, events: try reader.events(ride: row.id),
                                            fixes: try reader.fixes(ride: row.id)))
        }
        return report
    }
}
