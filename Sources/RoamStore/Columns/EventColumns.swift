import RoamCore

/// One row of `events` with the columns a `RideEvent` does not carry.
struct StoredEvent {
    var id: Int64 = 0
    var rideID: Int64
    var event: RideEvent
    var recordedUTCms: Int64?
    /// The stored kind when it is one a newer roam-board wrote (`event.kind` then means nothing).
    var newerKind: String? = nil
}

/// The columns of `events`: one statement text and one binding for every writer (the batch
/// commit, stop, rederive's replayed gaps) and one reading for every reader.
enum EventColumns {
    typealias C = Column<StoredEvent>

    static let table = ColumnTable<StoredEvent>("events", [
        C("id", "INTEGER PRIMARY KEY", value: nil, read: { row, stored in row.id = stored.int64; return nil }),
        .integer("ride_id", sql: "INTEGER NOT NULL REFERENCES rides(id) ON DELETE CASCADE", \.rideID),
        C("kind", "TEXT NOT NULL", value: { .text($0.event.kind.rawValue) }, read: { row, stored in
            let text = stored.text
            if let kind = RideEventKind(rawValue: text) { row.event.kind = kind; return nil }
            guard NewerEvents.isKindName(text) else { return "event kind '\(text)'" }
            row.newerKind = text
            return nil
        }),
        C("t_mono_ns", "INTEGER", value: { .integer($0.event.monoNs.map { Int64(bitPattern: $0) }) }, read: { row, stored in
            row.event.monoNs = stored.optionalInt64.map { UInt64(bitPattern: $0) }
            return nil
        }),
        .integer("t_utc_ms", \.event.utcMs),
        C("detail", "TEXT NOT NULL", value: { .text($0.event.detail) }, read: { row, stored in
            row.event.detail = stored.text
            return nil
        }),
        .integer("recorded_utc_ms", \.recordedUTCms),
        // Added by migration 2; older gap events had the position at the end of their detail.
        .integer("before_seq", \.event.beforeSeq),
    ])

    static let insert = table.insert
    static let select = table.select

    static func insert(_ event: RideEvent, ride: Int64, recordedUTCms: Int64?,
                       using statement: SQLiteStatement) throws(SQLiteError) {
        defer { statement.reset() }
        var b = RowBinder(statement)
        try table.bind(StoredEvent(rideID: ride, event: event, recordedUTCms: recordedUTCms), to: &b)
        try statement.run()
    }

    /// The ride's events (all, or those of one kind) in the order they were recorded, and what a
    /// newer roam-board wrote among them: its kinds are left out, its gap causes kept as written.
    static func events(_ connection: SQLiteConnection, ride: Int64,
                       kind: RideEventKind? = nil) throws -> (rows: [StoredEvent], newer: NewerEvents) {
        let statement = try connection.prepare(
            select + " WHERE ride_id = ?1" + (kind == nil ? "" : " AND kind = ?2") + " ORDER BY id")
        try statement.bind(ride, at: 1)
        if let kind { try statement.bind(kind.rawValue, at: 2) }
        let blank = StoredEvent(rideID: ride, event: RideEvent(kind: .start))
        var rows: [StoredEvent] = []
        var newer = NewerEvents()
        while try statement.step() {
            switch table.read(statement, into: blank) {
            case .success(let row):
                if let kind = row.newerKind { newer.add(kind: kind); continue }
                newer.add(row.event)
                rows.append(row)
            case .failure(let bad):
                throw StoreError.corruptRow(table: "events", detail: "ride \(ride) has \(bad.problem)", path: connection.path)
            }
        }
        return (rows, newer)
    }
}
