extension Rederivation {
    /// `roam-board check`: SQLite's integrity check, then every ride's stored totals and derived
    /// fix columns against what its raw columns imply (P2). Read-only from the first byte: it opens the database with
    /// SQLITE_OPEN_READONLY and never writes, so it may run while the recorder writes.
    /// Reads everything inside one read transaction: while the recorder commits meanwhile, the
    /// rows and the fixes compared come from the same snapshot (a ride never looks half-written).
    public static func check(path: String, busyTimeoutMs: Int32 = 5_000) throws -> ConsistencyReport {
        let reader = try RideReader(path: path, busyTimeoutMs: busyTimeoutMs)
        let db = reader.connection
        try db.execute("BEGIN DEFERRED")
        do {
            let report = try inSnapshot(reader)
            do {
                try db.execute("COMMIT")
            } catch {
                // A damaged file can fail even the end of a read; the report already says it is damaged.
                guard error.isCorrupt, !report.isIntegrityOK else { throw error }
                if !db.isAutocommit { try? db.execute("ROLLBACK") }
            }
            return report
        } catch {
            if !db.isAutocommit { try db.execute("ROLLBACK") }
            throw error
        }
    }

    /// "ok", or what is wrong; when the check itself runs into the damage, that in words rather than
    /// SQLite's internals.
    private static func integrityLines(_ connection: SQLiteConnection) throws(SQLiteError) -> [String] {
        var lines: [String] = []
        do {
            let integrityCheck = try connection.prepare("PRAGMA integrity_check")
            while try integrityCheck.step() { lines.append(integrityCheck.text(at: 0)) }
            integrityCheck.reset()
        } catch {
            guard error.isCorrupt else { throw error }
            return ["SQLite stopped at a damaged page: the file is damaged"]
        }
        return lines
    }

    private static func inSnapshot(_ reader: RideReader) throws -> ConsistencyReport {
        let integrity = try integrityLines(reader.connection)
        var report = ConsistencyReport(path: reader.path, integrity: integrity, rides: [])
        // A damaged file gives no trustworthy rows to compare; what can still be read is listed instead.
        guard report.isIntegrityOK else {
            report.rescue = RideRescue.survey(reader)
            return report
        }
        for row in try reader.rides() {
            let (events, newer) = try reader.eventsAndNewer(ride: row.id)
            // Replayed by this release, a ride partly written by a newer one would differ where it is right.
            if let sentence = newer.sentence {
                report.rides.append(ConsistencyReport.Ride(notJudged: row, because: sentence))
                continue
            }
            // The pipeline never reads a fix's NMEA text, but inflating it here is what finds a packed
            // raw value that no longer unpacks (P3: the raw stream is what every figure comes from).
            report.rides.append(try compare(row: row, events: events) { body in
                try reader.forEachExportedFix(ride: row.id, withNMEA: true, body)
            })
        }
        return report
    }
}
