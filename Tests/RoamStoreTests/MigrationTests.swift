import Testing
@testable import RoamStore

@Suite struct MigrationTests {
    @Test("A new database gets schema 3 and records every migration in meta; reopening applies nothing twice")
    func freshDatabaseIsMigratedOnce() throws {
        let dir = try TemporaryDirectory()
        _ = try RideStore(path: dir.path())
        let store = try RideStore(path: dir.path())
        let db = store.connection
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'schema_version'") == "3")
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.1'") == SchemaV1.migration.name)
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.2'") == SchemaV2.migration.name)
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.3'") == SchemaV3.migration.name)
        for table in ["rides", "fixes", "events", "explored", "imports"] {
            #expect(try db.count("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '\(table)'") == 1)
        }
        #expect(try db.singleText("PRAGMA journal_mode") == "wal")
        #expect(try db.singleText("PRAGMA synchronous") == "2") // FULL
        #expect(try db.singleText("PRAGMA foreign_keys") == "1")
        #expect(try db.singleText("PRAGMA journal_size_limit") == "\(4 << 20)")
    }

    @Test("A database from newer code is refused by writer and reader, naming both versions")
    func newerSchemaIsRefused() throws {
        let dir = try TemporaryDirectory()
        do {
            let store = try RideStore(path: dir.path())
            try store.connection.execute("UPDATE meta SET value = '7' WHERE key = 'schema_version'")
        }
        let expected = StoreError.schemaTooNew(found: 7, supported: 3, path: dir.path())
        #expect(throws: expected) { try RideStore(path: dir.path()) }
        #expect(throws: expected) { try RideReader(path: dir.path()) }
        #expect(expected.description.contains("schema version 7, newer than version 3"))
    }

    @Test("A reader cannot migrate, so it refuses a database no writer has set up")
    func readerRefusesUnmigratedDatabase() throws {
        let dir = try TemporaryDirectory()
        _ = try SQLiteConnection(path: dir.path(), mode: .readWrite)
        #expect(throws: StoreError.schemaTooOld(found: 0, supported: 3, path: dir.path())) {
            try RideReader(path: dir.path())
        }
    }

    @Test("Explored cells are geohashes of precision 7")
    func exploredCellsHaveSevenCharacters() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.connection.execute("INSERT INTO explored (cell, ride_id, t_utc_ms) VALUES ('u0qj8h3', \(ride.id), 1)")
        #expect(throws: SQLiteError.self) {
            try store.connection.execute("INSERT INTO explored (cell, ride_id, t_utc_ms) VALUES ('u0qj8', \(ride.id), 1)")
        }
    }
}
