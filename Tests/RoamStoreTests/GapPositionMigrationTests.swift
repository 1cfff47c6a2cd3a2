import RoamCore
import Testing
@testable import RoamStore

/// Migration 2 on a database that schema 1 wrote: positions move from the detail text to `before_seq`.
@Suite struct GapPositionMigrationTests {
    @Test("A schema 1 database opened by this code has its gap positions in before_seq, each once")
    func schemaOneGapDetailsAreParsedOnce() throws {
        let dir = try TemporaryDirectory()
        let written: [(kind: String, detail: String)] = [
            ("gap", "logger restarted; before fix 6"), ("gap", "no fix"), ("gap", "receiver silent; before fix 12"),
            ("gap", "receiver silent; before fix x1"), ("gap", "spatial jump; before fix "), ("stop", "button; before fix 3"),
        ]
        do {
            let old = try SQLiteConnection(path: dir.path(), mode: .readWrite)
            try Migrations.migrate(old, upTo: 1)
            let version = try old.singleText("SELECT value FROM meta WHERE key = 'schema_version'")
            #expect(version == "1")
            try old.execute("""
                INSERT INTO rides (id, state, started_mono_ns, pipeline_state, parameters, params_version)
                VALUES (1, 'stopped', 0, '{}', '{}', 3)
                """)
            let insert = try old.prepare("INSERT INTO events (ride_id, kind, t_mono_ns, detail) VALUES (1, ?1, 5, ?2)")
            for event in written {
                defer { insert.reset() }
                try insert.bind(event.kind, at: 1)
                try insert.bind(event.detail, at: 2)
                try insert.run()
            }
        }
        _ = try RideStore(path: dir.path())
        _ = try RideStore(path: dir.path())
        let events = try RideReader(path: dir.path()).events(ride: 1)
        let found = events.map { "\($0.kind.rawValue)|\($0.detail)|\($0.beforeSeq.map(String.init) ?? "-")" }
        #expect(found == ["gap|logger restarted|6", "gap|no fix|-", "gap|receiver silent|12",
                          "gap|receiver silent; before fix x1|-", "gap|spatial jump; before fix |-",
                          "stop|button; before fix 3|-"])
        let version = try RideStore(path: dir.path()).connection.singleText("SELECT value FROM meta WHERE key = 'schema_version'")
        #expect(version == String(Migrations.latestVersion))
    }
}
