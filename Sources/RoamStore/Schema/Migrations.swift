/// One schema step. Applied once, inside the same transaction that records it in `meta`.
struct Migration: Sendable {
    let version: Int
    let name: String
    let sql: String
}

/// The ordered list of migrations and the `meta` table that records them:
/// `schema_version` → the latest applied version, `migration.<n>` → the name of migration n.
enum Migrations {
    static let all: [Migration] = [SchemaV1.migration, SchemaV2.migration, SchemaV3.migration, SchemaV4.migration,
                                      SchemaV5.migration]
    static let latestVersion = all.map(\.version).max() ?? 0
    /// The oldest schema a read-only connection still reads: migration 3 only added `imports`, so a
    /// schema-2 database reads as one with no imported ride until a writer migrates it; migrations 4
    /// and 5 changed no table.
    static let oldestReadable = 2

    private static let createMeta = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID"

    private enum Outcome { case current, tooNew(Int), unreadable(String), recording(found: Int, RecorderLock.Held), cannotTell(StoreError) }

    /// Brings a writer's database up to `latestVersion` in one transaction, or refuses a database
    /// written by newer code (its schema may hold promises this code would break).
    /// `upTo` stops earlier: tests make the databases that older code wrote.
    /// `runningRecorder`: the recorder holding the database's lock, asked only when a schema would
    /// change under it. That recorder runs the program of before an upgrade (postinst restarts
    /// nothing) and checked the schema only when it opened the database: it would go on writing
    /// under promises it does not know (`SchemaV5`). Asked inside the write transaction, so no
    /// migration starts beside a recorder that holds the lock now.
    static func migrate(_ db: SQLiteConnection, upTo target: Int = latestVersion,
                        runningRecorder: () throws(StoreError) -> RecorderLock.Held? = { nil }) throws {
        let outcome = try db.inTransaction { () throws(SQLiteError) -> Outcome in
            try db.execute(createMeta)
            let text = try storedVersionText(db) ?? "0"
            guard let found = Int(text) else { return .unreadable(text) }
            guard found <= latestVersion else { return .tooNew(found) }
            // Schema 0 is a file no program reads yet (created now, or cut short before its first migration).
            if found > 0, found < min(target, latestVersion) {
                do throws(StoreError) {
                    if let holder = try runningRecorder() { return .recording(found: found, holder) }
                } catch { return .cannotTell(error) }
            }
            for migration in all where migration.version > found && migration.version <= target {
                try db.execute(migration.sql)
                try setMeta(db, key: "migration.\(migration.version)", value: migration.name)
                try setMeta(db, key: "schema_version", value: String(migration.version))
            }
            return .current
        }
        switch outcome {
        case .current: return
        case .tooNew(let found):
            throw StoreError.schemaTooNew(found: found, supported: latestVersion, path: db.path)
        case .unreadable(let text):
            throw StoreError.corruptRow(table: "meta", detail: "schema_version is '\(text)'", path: db.path)
        case .cannotTell(let error):
            throw error
        case let .recording(found, holder):
            throw StoreError.migrationUnderRecorder(found: found, target: min(target, latestVersion), recorderPID: holder.holderPID, path: db.path)
        }
    }

    /// For read-only connections, which cannot migrate: the schema must be this code's, or an older
    /// one whose later migrations only added tables (`oldestReadable`). Returns the version found.
    @discardableResult
    static func requireCurrent(_ db: SQLiteConnection) throws -> Int {
        let hasMeta = try db.singleText("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'") != nil
        let text = hasMeta ? try storedVersionText(db) ?? "0" : "0"
        guard let found = Int(text) else {
            throw StoreError.corruptRow(table: "meta", detail: "schema_version is '\(text)'", path: db.path)
        }
        if found > latestVersion { throw StoreError.schemaTooNew(found: found, supported: latestVersion, path: db.path) }
        if found < oldestReadable { throw StoreError.schemaTooOld(found: found, supported: latestVersion, path: db.path) }
        return found
    }

    /// The stored version when it is newer than this code's (a newer roam-board migrated the
    /// database under a long-lived connection), else nil. One row of `meta`, in the page cache.
    static func newerVersion(_ db: SQLiteConnection) throws(SQLiteError) -> Int? {
        guard let found = try storedVersionText(db).flatMap({ Int($0) }), found > latestVersion else { return nil }
        return found
    }

    private static func storedVersionText(_ db: SQLiteConnection) throws(SQLiteError) -> String? {
        try db.singleText("SELECT value FROM meta WHERE key = 'schema_version'")
    }

    private static func setMeta(_ db: SQLiteConnection, key: String, value: String) throws(SQLiteError) {
        let statement = try db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")
        try statement.bind(key, at: 1)
        try statement.bind(value, at: 2)
        try statement.run()
    }
}
