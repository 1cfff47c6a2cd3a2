/// Migration 3: `imports`, the provenance of rides imported from other devices' files (`import`).
///
/// A ride with a row here was not recorded by this board: its fixes come from a file, they carry no
/// raw NMEA, and none of the board's promises about recording (P1, P3, P7) were ever in play for it.
/// `content_key` tells the same file imported twice (`ImportProvenance.contentKey`). The row goes
/// with its ride when the ride is pruned, so a pruned import may be imported again. Additive only:
/// readers of schema 2 still read everything they read before (`RideReader.provenance`).
enum SchemaV3 {
    static let migration = Migration(version: 3, name: "imports", sql: """
        CREATE TABLE imports (
            ride_id INTEGER PRIMARY KEY REFERENCES rides(id) ON DELETE CASCADE,
            content_key TEXT NOT NULL UNIQUE,
            file_name TEXT NOT NULL,
            format TEXT NOT NULL,
            device TEXT,
            imported_utc_ms INTEGER NOT NULL
        );
        """)
}
