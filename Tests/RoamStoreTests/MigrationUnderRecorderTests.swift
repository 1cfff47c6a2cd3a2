import RoamCore
import Glibc
import RoamSystem
import Testing
@testable import RoamStore

/// An upgrade restarts nothing: the recorder that runs on goes on writing as the program of before.
/// A newer writer (`import`, `rederive`) that raised the schema under it left it writing under
/// promises it does not know, without a word; the migration is refused while it holds its lock.
@Suite struct MigrationUnderRecorderTests {
    static func schema(_ db: SQLiteConnection) throws -> String? {
        try db.singleText("SELECT value FROM meta WHERE key = 'schema_version'")
    }

    @Test func aMigrationIsRefusedWhileARecorderHoldsTheLockAndRunsOnceItStopped() throws {
        let dir = try TemporaryDirectory()
        let old = try SQLiteConnection(path: dir.path(), mode: .readWrite)
        try Migrations.migrate(old, upTo: 4)
        var recorder: RecorderLock? = try RecorderLock(databasePath: dir.path())
        let refused = StoreError.migrationUnderRecorder(found: 4, target: Migrations.latestVersion, recorderPID: getpid(), path: dir.path())
        #expect(throws: refused) { try RideStore(path: dir.path()) }
        #expect(try Self.schema(old) == "4")
        #expect(refused.description.contains("recorder (pid \(getpid())) is running on it")
                && refused.description.contains("sudo systemctl restart roam-board roam-board-drive"))
        withExtendedLifetime(recorder) {}
        recorder = nil
        _ = try RideStore(path: dir.path())
        #expect(try Self.schema(old) == String(Migrations.latestVersion))
    }

    /// A lock file that cannot be opened (here a symlink to itself: ELOOP; on a card, EIO) is no
    /// "no recorder": the writer migrates nothing and says why.
    @Test func aLockThatCannotBeTriedRefusesTheMigrationInWords() throws {
        let dir = try TemporaryDirectory()
        let old = try SQLiteConnection(path: dir.path(), mode: .readWrite)
        try Migrations.migrate(old, upTo: 4)
        let lock = RecorderLock.path(forDatabase: dir.path())
        #expect(symlink(lock, lock) == 0)
        defer { unlink(lock) }
        #expect {
            _ = try RideStore(path: dir.path())
        } throws: { error in
            // The errno in words (it printed "(Function)" once: a method's name where its words belonged).
            "\(error)" == "cannot tell whether a recorder is running on \(dir.path()): cannot open the recorder lock \(lock): "
                + "\(Errno(rawValue: ELOOP).reason(.read)); nothing was changed"
        }
        #expect(try Self.schema(old) == "4")
    }

    /// The recorder migrates at its own start, under its own lock; a writer of the same schema as the
    /// database (an import while riding) changes no schema and goes on.
    @Test func theRecordersOwnStartMigratesAndAWriterOfTheSameSchemaIsNotRefused() throws {
        let dir = try TemporaryDirectory()
        let old = try SQLiteConnection(path: dir.path(), mode: .readWrite)
        try Migrations.migrate(old, upTo: 4)
        let recorder = try RecorderLock(databasePath: dir.path())
        _ = try RideStore(path: dir.path(), holding: recorder)
        #expect(try Self.schema(old) == String(Migrations.latestVersion))
        _ = try RideStore(path: dir.path())
    }

    /// A reader opened before a newer roam-board migrated the database (the drive keeper, `dump`)
    /// is told before it acts on what it read, and a ledger before it marks a ride handed over.
    @Test func aLongLivedReaderAndLedgerRefuseASchemaRaisedUnderThem() throws {
        let dir = try TemporaryDirectory()
        let store = try RideStore(path: dir.path())
        let ride = try store.startRide(startedMonoNs: 0, parameters: PipelineParameters())
        try store.stopRide(id: ride.id, endedUTCms: 1_000)
        let reader = try RideReader(path: dir.path()), ledger = try DumpLedger(path: dir.path())
        try reader.requireKnownSchema()
        let newer = Migrations.latestVersion + 1
        try store.connection.execute("UPDATE meta SET value = '\(newer)' WHERE key = 'schema_version'")
        let expected = StoreError.schemaTooNew(found: newer, supported: Migrations.latestVersion, path: dir.path())
        #expect(throws: expected) { try reader.requireKnownSchema() }
        #expect(throws: expected) { try ledger.markDumped(id: ride.id, dumpedUTCms: 2_000) }
        #expect(try store.connection.singleText("SELECT dumped_utc_ms FROM rides WHERE id = \(ride.id)") == nil)
    }
}
