import Foundation
import Testing

/// Power cuts: a database whose creation (or any write) was cut short. `check` and
/// `status` exit 65 with words instead of SQLite's "SQLITE_READONLY (776)" or a migration hint,
/// and the next writer (`record`) rolls the unfinished write back and carries on.
@Suite struct CutShortDatabaseTests {
    /// A real writer killed inside its first transaction, with its pages already spilled into the
    /// file: what a power cut during the database's creation leaves (a hot -journal beside it).
    static func cutShort(_ db: String) throws {
        let python = try #require(TrialPaths.tool("python3"), "python3 is missing")
        let script = """
            import os, sqlite3
            c = sqlite3.connect(os.environ["DB"], isolation_level=None)
            c.execute("PRAGMA cache_size=1")
            c.execute("BEGIN")
            c.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)")
            for i in range(3000): c.execute("INSERT INTO meta VALUES (?, ?)", (str(i), "x" * 500))
            os._exit(0)
            """
        let child = try TrialChild(python, ["-c", script], environment: ["DB": db])
        #expect(child.finish() == 0, "\(child.stderrLines)")
        #expect(FileManager.default.fileExists(atPath: db + "-journal"), "the writer left no hot journal")
    }

    @Test func checkAndStatusOnACreationCutShortExit65WithWordsAndRecordRollsItBack() throws {
        let dir = try TrialPaths.temporaryDirectory("cut-short")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try Self.cutShort(db)
        for command in ["check", "status"] {
            let r = try CLIRunner.run([command, "--db", db])
            #expect(r.status == 65, "\(command): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("a crash or power cut interrupted") && r.stderr.contains("nothing acknowledged is in it"), "\(command): \(r.stderr)")
            #expect(!r.stderr.contains("SQLITE") && !r.stderr.contains("776") && !r.stderr.contains("read-only"), "\(command): \(r.stderr)")
        }
        let record = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        #expect(record.status == 0, "\(record.stderr)")
        let check = try CLIRunner.run(["check", "--db", db])
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
    }

    @Test func aDatabaseWithoutSchemaIs65WithWords() throws {
        let dir = try TrialPaths.temporaryDirectory("schema-0")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        #expect(FileManager.default.createFile(atPath: db, contents: Data()))
        for command in ["check", "status"] {
            let r = try CLIRunner.run([command, "--db", db])
            #expect(r.status == 65, "\(command): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("holds no roam-board schema: its creation was cut short"), "\(command): \(r.stderr)")
        }
    }
}
