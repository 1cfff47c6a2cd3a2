/// Migration 4: no table changes; the version says that event kinds were added since schema 3.
///
/// Releases of schema 3 added event kinds (`barometer-missing`, `barometer-back`) as text, and a
/// schema-3 roam-board built before them calls such a row unreadable. Raised to 4 by the next
/// writer, the database is refused by those releases in words instead ("schema version 4, newer
/// than version 3 … use a newer roam-board"). From schema 4 on, a reader passes over a kind or a
/// gap cause it does not know and says so (`NewerEvents`): a new kind needs no migration again.
enum SchemaV4 {
    static let migration = Migration(version: 4, name: "event kinds added since schema 3", sql: """
        -- No table changes: the version alone tells older releases what they cannot read.
        """)
}
