/// Migration 5: no table changes; the version says that an `imports` row may be a part.
///
/// An import is written in chunks, and until its last chunk lands its `content_key` is
/// `unfinished:<key>` (`ImportProvenance.isUnfinished`). A schema-4 roam-board built before that
/// reads such a row as a whole import: `rides` and `show` would not say "import unfinished",
/// `dump --not-dumped` and the drive would hand the part over and mark the ride handed over (so the
/// finished ride would never be offered again), and the file imported again would be called the
/// same ride as its own part and never finished. Raised to 5 by the next writer, the database is
/// refused by those releases in words instead ("schema version 5, newer than version 4 … use a
/// newer roam-board"), as schema 4 did for event kinds (`SchemaV4`).
enum SchemaV5 {
    static let migration = Migration(version: 5, name: "imports may be unfinished", sql: """
        -- No table changes: the version alone tells older releases what they cannot read.
        """)
}
