import Foundation
import RoamTestSupport
import Testing
import RoamStore

/// An upgrade restarts nothing: the keeper runs on as the program of before. A newer roam-board
/// that migrated the database under it (the recorder restarted, an import) left it handing rides
/// over under promises it does not know (`SchemaV5`: an unfinished import marked handed over).
@Suite(.needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveNewerSchemaTests {
    @Test func theKeeperStopsInWordsWhenANewerRoamBoardMigratesTheDatabaseUnderIt() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-newer-schema")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.recordBenchRide(rig.db)
        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0"), "\(keeper.stderrLines)")
        let db = try SQLiteConnection(path: rig.db, mode: .readWrite)
        try db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        // A host plugs in. The keeper of before said the schema once, as a failed look, and went on
        // serving, and a ledger it had opened at an earlier plug-in marked the rides handed over.
        try rig.cable("configured")
        let stopping = { (line: String) in line.hasPrefix("drive: stopping: a newer roam-board changed the database") }
        #expect(keeper.wait { _, err in err.contains { stopping($0) || $0.hasPrefix("drive: a host has the drive") || $0.contains("newer than version") } },
                "\(keeper.stderrLines)")
        let stopped = keeper.stderrLines.contains(where: stopping)
        #expect(stopped, "\(keeper.stderrLines)")
        if !stopped { keeper.kill() }
        #expect(keeper.finish() == 65, "\(keeper.stderrLines)")
        #expect(try db.singleText("SELECT count(*) FROM rides WHERE dumped_utc_ms IS NOT NULL") == "0")
    }
}
