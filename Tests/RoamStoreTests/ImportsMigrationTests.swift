import RoamCore
import Testing
@testable import RoamStore

/// Migration 3 adds `imports`; a schema-2 database stays readable before and after it.
@Suite struct ImportsMigrationTests {
    @Test("A schema-2 database reads as before (no imported ride), and a writer upgrades it to the current schema keeping its rides")
    func schemaTwoIsReadableAndUpgrades() throws {
        let dir = try TemporaryDirectory()
        do {
            let old = try SQLiteConnection(path: dir.path(), mode: .readWrite)
            try Migrations.migrate(old, upTo: 2)
        }
        do {
            // Rides written by the schema-2 code: a whole ride through the writer's own path.
            let old = try SQLiteConnection(path: dir.path(), mode: .readWrite)
            #expect(try old.singleText("SELECT value FROM meta WHERE key = 'schema_version'") == "2")
            try old.execute("""
                INSERT INTO rides (id, state, started_mono_ns, pipeline_state, parameters, params_version)
                VALUES (1, 'stopped', 0, '{}', '{}', 3)
                """)
        }
        let reader = try RideReader(path: dir.path())
        #expect(reader.schemaVersion == 2)
        #expect(try reader.rides().map(\.id) == [1])
        #expect(try reader.provenance(ride: 1) == nil)
        #expect(try reader.provenances().isEmpty)

        let store = try RideStore(path: dir.path())
        #expect(try store.connection.singleText("SELECT value FROM meta WHERE key = 'schema_version'") == String(Migrations.latestVersion))
        #expect(try store.connection.singleText("SELECT value FROM meta WHERE key = 'migration.3'") == "imports")
        #expect(try store.importedRide(contentKey: "k") == nil)
        let upgraded = try RideReader(path: dir.path())
        #expect(upgraded.schemaVersion == Migrations.latestVersion)
        #expect(try upgraded.rides().map(\.id) == [1])
    }

    @Test("A schema-1 database is still refused by a reader, naming the writer that migrates it")
    func schemaOneIsRefusedByReaders() throws {
        let dir = try TemporaryDirectory()
        do {
            let old = try SQLiteConnection(path: dir.path(), mode: .readWrite)
            try Migrations.migrate(old, upTo: 1)
        }
        #expect(throws: StoreError.schemaTooOld(found: 1, supported: Migrations.latestVersion, path: dir.path())) { try RideReader(path: dir.path()) }
    }
}
