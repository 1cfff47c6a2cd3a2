import RoamCore

/// The columns of `rides`, each with its field of `RideRow`, shared by the writer and the reader.
enum RideColumns {
    typealias C = Column<RideRow>

    /// The totals the row holds in columns of their own (the stored pipeline state holds them all).
    static let totals = ColumnTable<RideTotals>("rides", [
        .real("distance_m", sql: "REAL NOT NULL DEFAULT 0", \.distanceM),
        .real("moving_s", sql: "REAL NOT NULL DEFAULT 0", \.movingS),
        .real("elapsed_s", sql: "REAL NOT NULL DEFAULT 0", \.elapsedS),
        .real("ascent_m", \.ascentM),
        .real("descent_m", \.descentM),
        .real("max_speed_mps", sql: "REAL NOT NULL DEFAULT 0", \.maxSpeedMps),
        .integer("fix_count", sql: "INTEGER NOT NULL DEFAULT 0", \.fixCount),
        .integer("accepted_count", sql: "INTEGER NOT NULL DEFAULT 0", \.acceptedCount),
        .integer("flagged_count", sql: "INTEGER NOT NULL DEFAULT 0", \.flaggedCount),
        .integer("gap_count", sql: "INTEGER NOT NULL DEFAULT 0", \.gapCount),
    ])

    private static let identity: [C] = [
        .integer("id", sql: "INTEGER PRIMARY KEY", \.id),
        C("state", "TEXT NOT NULL CHECK (state IN ('recording', 'stopped'))", value: { .text($0.state.rawValue) },
          read: { row, stored in
              guard let state = RideRow.State(rawValue: stored.text) else { return " has state '\(stored.text)'" }
              row.state = state
              return nil
          }),
        .bits("started_mono_ns", \.startedMonoNs),
        .integer("started_utc_ms", \.startedUTCms),
        .integer("ended_utc_ms", \.endedUTCms),
    ]

    private static let bookkeeping: [C] = [
        .integer("parked_count", sql: "INTEGER NOT NULL DEFAULT 0", \.parkedCount),
        .integer("lost_count", sql: "INTEGER NOT NULL DEFAULT 0", \.lostCount),
        // Declared TEXT since schema 1; written as BLOBs, which SQLite keeps as they are in a TEXT
        // column: the state in its compact layout (`storedState`), the parameters packed (PackedText).
        // Older rows keep packed JSON or JSON text. All read back the same.
        C("pipeline_state", "TEXT NOT NULL", value: nil, read: { row, stored in
            let blob = stored.isBlob ? stored.blob : []
            guard blob.first == PipelineState.bytesLayoutTag else { return decode(stored, into: &row.pipelineState) }
            do throws(StateBytesFailure) {
                row.pipelineState = try PipelineState(storedBytes: blob)
                return nil
            } catch {
                return ": its pipeline state \(error.description)"
            }
        }),
        C("parameters", "TEXT NOT NULL", value: nil, read: { row, stored in
            decode(stored, into: &row.parameters)
        }),
        // The parameters' shape, readable without decoding them; the row reads it from the JSON.
        C("params_version", "INTEGER NOT NULL", value: { .integer(Int64($0.parameters.version)) }, read: nil),
        .integer("last_commit_utc_ms", \.lastCommitUTCms),
        .integer("dumped_utc_ms", \.dumpedUTCms),
    ]

    private static let totalsInRow: [C] = totals.columns.map { $0.lifted(\RideRow.totals) }
    static let table = ColumnTable<RideRow>("rides", identity + totalsInRow + bookkeeping)

    static let select = table.select

    /// Totals columns in the order `bindTotals` binds them.
    static let totalsColumns = totals.writtenNames.joined(separator: ", ")

    /// The same columns as `SET` assignments to ?2 … ?11.
    static let totalsAssignments = totals.assignments(totals.writtenNames, from: 2)

    /// Binds the totals columns after what `binder` has bound so far (?2 … ?11 after a ride id).
    static func bindTotals(_ values: RideTotals, to binder: inout RowBinder) throws(SQLiteError) {
        try totals.bind(values, to: &binder)
    }

    private static let blank = RideRow(id: 0, state: .recording, startedMonoNs: 0, startedUTCms: nil, endedUTCms: nil,
                                       totals: RideTotals(), parkedCount: 0, lostCount: 0, pipelineState: PipelineState(),
                                       parameters: PipelineParameters(), lastCommitUTCms: nil, dumpedUTCms: nil)

    /// Decodes the current row of a statement that selected `select`.
    static func read(_ statement: SQLiteStatement, path: String) throws -> RideRow {
        switch table.read(statement, into: blank) {
        case .failure(let bad):
            throw StoreError.corruptRow(table: "rides", detail: "ride \(statement.int64(at: 0))\(bad.problem)", path: path)
        case .success(var row):
            // The bridged part of the distance has no column of its own: it lives in the pipeline
            // state, committed in the same transaction as distance_m (P1), and is 0 for older rides.
            row.totals.bridgedM = row.pipelineState.totals.bridgedM
            row.totals.bridgedGaps = row.pipelineState.totals.bridgedGaps
            return row
        }
    }

    /// The pipeline state as `rides.pipeline_state` is written with every batch: its compact bytes,
    /// padded to `PackedText.rowStep` so the ride row keeps its size and is rewritten in place.
    static func stored(_ state: PipelineState) -> [UInt8] {
        state.storedBytes(paddedTo: PackedText.rowStep)
    }

    /// JSON columns are decoded as they are read: a BLOB is packed JSON, TEXT the JSON that rows
    /// written before `PackedText` hold. A problem reads ": <why>" after the ride's id.
    private static func decode<T: Decodable>(_ stored: StoredValue, into field: inout T) -> String? {
        do {
            let text = stored.isBlob ? try PackedText.unpack(stored.blob) : stored.text
            field = try PipelineJSON().decode(T.self, from: text)
            return nil
        } catch {
            return ": \(error)"
        }
    }
}
