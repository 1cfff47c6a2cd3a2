import RoamCore

/// Applies a `Backfill` to stored fixes: the undated run `fromSeq..<anchorSeq` gets its UTC time
/// and `t_source` = back-filled. Only derived columns change; the raw columns stay as received
/// (P4, enforced by the schema's trigger). Runs inside the caller's transaction: the batch that
/// holds the anchor (live) or the rederive transaction.
enum BackfillWriter {
    /// The derived columns a back-fill writes (its UPDATE below); `check` compares them once the replay dates the run.
    static let columns: Set<String> = ["t_utc_ms", "t_source"]

    /// Returns the number of fixes dated.
    @discardableResult
    static func apply(_ backfill: Backfill, ride: Int64, connection: SQLiteConnection) throws(SQLiteError) -> Int {
        let select = try connection.prepare("""
            SELECT seq, t_mono_ns, t_of_day_ms FROM fixes
            WHERE fix_key >= \(FixKey.of("?1", "?2")) AND fix_key < \(FixKey.of("?1", "?3"))
              AND t_source = \(TimeSource.monotonicOnly.rawValue)
            ORDER BY fix_key
            """)
        try select.bind(ride, at: 1)
        try select.bind(backfill.fromSeq, at: 2)
        try select.bind(backfill.anchorSeq, at: 3)
        var dated: [(seq: Int64, utcMs: Int64)] = []
        while try select.step() {
            let monoNs = UInt64(bitPattern: select.int64(at: 1))
            if let utc = backfill.utcMs(monoNs: monoNs, timeOfDayMs: select.optionalInt(at: 2)) {
                dated.append((select.int64(at: 0), utc))
            }
        }
        select.reset()
        guard !dated.isEmpty else { return 0 }
        let update = try connection.prepare(
            "UPDATE fixes SET t_utc_ms = ?3, t_source = \(TimeSource.backfilled.rawValue) WHERE fix_key = \(FixKey.of("?1", "?2"))")
        for row in dated {
            defer { update.reset() }
            try update.bind(ride, at: 1)
            try update.bind(row.seq, at: 2)
            try update.bind(row.utcMs, at: 3)
            try update.run()
        }
        return dated.count
    }

    /// True when `backfill` belongs to this batch: it lands with the batch holding its anchor, and
    /// only then (the state carries it on afterwards, harmlessly).
    static func isDue(_ backfill: Backfill?, in fixes: [FixRecord]) -> Bool {
        guard let backfill, let first = fixes.first?.seq, let last = fixes.last?.seq else { return false }
        return (first...last).contains(backfill.anchorSeq)
    }
}
