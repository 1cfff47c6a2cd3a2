import RoamCore
import Testing
@testable import RoamStore

@Suite struct MigrationTests {
    @Test("A new database gets the current schema and records every migration in meta; reopening applies nothing twice")
    func freshDatabaseIsMigratedOnce() throws {
        let dir = try TemporaryDirectory()
        _ = try RideStore(path: dir.path())
        let store = try RideStore(path: dir.path())
        let db = store.connection
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'schema_version'") == String(Migrations.latestVersion))
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.1'") == SchemaV1.migration.name)
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.2'") == SchemaV2.migration.name)
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.3'") == SchemaV3.migration.name)
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.4'") == SchemaV4.migration.name)
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
        let expected = StoreError.schemaTooNew(found: 7, supported: Migrations.latestVersion, path: dir.path())
        #expect(throws: expected) { try RideStore(path: dir.path()) }
        #expect(throws: expected) { try RideReader(path: dir.path()) }
        #expect(expected.description.contains("schema version 7, newer than version \(Migrations.latestVersion)"))
    }

    @Test("A reader cannot migrate, so it refuses a database no writer has set up")
    func readerRefusesUnmigratedDatabase() throws {
        let dir = try TemporaryDirectory()
        _ = try SQLiteConnection(path: dir.path(), mode: .readWrite)
        #expect(throws: StoreError.schemaTooOld(found: 0, supported: Migrations.latestVersion, path: dir.path())) {
            try RideReader(path: dir.path())
        }
    }

    /// Releases of schema 3 added the barometer's event kinds; a schema-3 build before them called such
    /// a row corrupt. Raised to 4, the database is refused by every schema-3 build in words instead.
    @Test("A schema-3 database with barometer events is read without migrating, and a writer raises it to 4")
    func schemaThreeIsRaisedToFour() throws {
        let dir = try TemporaryDirectory()
        try Self.oneRide(at: dir.path(), schema: 3, with: """
                INSERT INTO events (ride_id, kind, detail, before_seq) VALUES (1, 'barometer-missing', 'no answer', 4);
                INSERT INTO events (ride_id, kind, detail, before_seq) VALUES (1, 'barometer-back', '', 9);
                """)
        let reader = try RideReader(path: dir.path())
        #expect(reader.schemaVersion == 3)
        let events = [RideEvent(kind: .barometerMissing, detail: "no answer", beforeSeq: 4),
                      RideEvent(kind: .barometerBack, beforeSeq: 9)]
        #expect(try reader.events(ride: 1) == events)

        let db = try RideStore(path: dir.path()).connection
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'schema_version'") == String(Migrations.latestVersion))
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.4'") == "event kinds added since schema 3")
        #expect(try RideReader(path: dir.path()).events(ride: 1) == events)
    }

    /// Schema-4 builds before chunked imports read an `unfinished:` key as a whole import (and would
    /// hand the part over). Raised to 5, the database is refused by them in words instead.
    @Test("A schema-4 database with an unfinished import is read as unfinished without migrating, and a writer raises it to 5")
    func schemaFourIsRaisedToFive() throws {
        let dir = try TemporaryDirectory()
        try Self.oneRide(at: dir.path(), schema: 4, with: """
                INSERT INTO imports (ride_id, content_key, file_name, format, imported_utc_ms)
                VALUES (1, '\(ImportProvenance.unfinishedPrefix)fnv1a64:0123456789abcdef:99', 'ride.gpx', 'gpx', 0);
                """)
        let reader = try RideReader(path: dir.path())
        #expect(reader.schemaVersion == 4)
        #expect(try reader.unfinishedImports() == [1])

        let db = try RideStore(path: dir.path()).connection
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'schema_version'") == "5")
        #expect(try db.singleText("SELECT value FROM meta WHERE key = 'migration.5'") == "imports may be unfinished")
    }

    /// A database as a build of `schema` left it: ride 1, stopped, and `rows` about it.
    static func oneRide(at path: String, schema: Int, with rows: String) throws {
        let old = try SQLiteConnection(path: path, mode: .readWrite)
        try Migrations.migrate(old, upTo: schema)
        try old.execute("""
            INSERT INTO rides (id, state, started_mono_ns, pipeline_state, parameters, params_version)
            VALUES (1, 'stopped', 0, '{}', '{}', 3);
            """ + rows)
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
