import Foundation
import RoamDrive
import RoamStore
import RoamTestSupport
import Testing

/// An import cut before its last chunk stores part of its file, marked unfinished
/// (`ImportProvenance.isUnfinished`). A ride marked handed over is not offered again, so marking
/// the part would leave the whole ride, once the file is imported again, never handed over.
@Suite struct UnfinishedImportHandOverTests {
    @Test("dump --not-dumped skips an unfinished import and says so; --ride writes it but marks nothing; the finished ride is marked")
    func unfinishedImportIsNotHandedOver() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let connection = try Self.unfinishedImport(into: db, in: dir)

        let skipped = try CLIRunner.run(["dump", "--db", db, "--not-dumped", "--format", "gpx", "--out", dir.path + "/a/"])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("ride 1: only part of its imported file is stored: skipped"), "\(skipped.stderr)")
        #expect(skipped.stdout.isEmpty, "\(skipped.stdout)")

        let chosen = try CLIRunner.run(["dump", "--db", db, "--ride", "1", "--format", "gpx", "--out", dir.path + "/b/"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stderr.contains("ride 1 was dumped, but not marked as dumped"), "\(chosen.stderr)")
        #expect(try RideReader(path: db).ride(id: 1)?.dumpedUTCms == nil)

        // Finished (the next import's last chunk takes the file's own key): now it is handed over.
        try connection.execute("UPDATE imports SET content_key = substr(content_key, \(ImportProvenance.unfinishedPrefix.utf8.count + 1))")
        connection.close()
        let whole = try CLIRunner.run(["dump", "--db", db, "--not-dumped", "--format", "gpx", "--out", dir.path + "/c/"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stdout.contains("/c/"), "\(whole.stdout)")
        #expect(try RideReader(path: db).ride(id: 1)?.dumpedUTCms != nil)
    }

    @Test("The ledger marks nothing on an unfinished import and says so; a ride that is gone still throws")
    func ledgerRefusesAnUnfinishedImport() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try Self.unfinishedImport(into: db, in: dir).close()
        let ledger = try DumpLedger(path: db)
        #expect(try ledger.markDumped(id: 1, dumpedUTCms: 1_000, keepingEarlier: true) == .unfinishedImport)
        #expect(try RideReader(path: db).ride(id: 1)?.dumpedUTCms == nil)
        #expect(throws: StoreError.self) { try ledger.markDumped(id: 2, dumpedUTCms: 1_000) }
    }

    @Test("The drive leaves an unfinished import off: finished while the drive waits for a host, its part is not marked handed over",
          .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
    func driveLeavesAnUnfinishedImportOff() throws {
        let h = try ExploredHistory.make([ExploredHistory.line(from: (47.99, 7.84), bearingDeg: 90, metres: 300)])
        defer { h.remove() }
        let connection = try Self.unfinishedImport(into: h.dbPath, in: h.directory)
        defer { connection.close() }
        let rig = try DriveGadgetTests.Rig.make(in: h.directory)
        let said = DriveKeeperListingTests.Said()
        let keeper = try DriveKeeperPruneTests.keeper(h.dbPath, on: rig, said: said)
        try keeper.start(nowUTCms: 0)
        try keeper.step(state: "not attached", notified: false, nowUTCms: 0)
        #expect(try DriveImageReader.read(rig.image).rideIDs == [1], "\(said.lines)")
        #expect(said.lines.filter { $0.contains("ride 2 left off: only part of the imported file is stored") }.count == 1, "\(said.lines)")
        // The next import finishes the ride; then a host takes the image built before.
        try connection.execute("UPDATE imports SET content_key = substr(content_key, \(ImportProvenance.unfinishedPrefix.utf8.count + 1))")
        try keeper.step(state: "configured", notified: true, nowUTCms: 5_000)
        #expect(said.lines.last == "drive: a host has the drive: handed over ride 1", "\(said.lines)")
        #expect(try RideReader(path: h.dbPath).ride(id: 2)?.dumpedUTCms == nil)
    }

    /// A GPX imported into `db`, left as a cut import leaves it: its key carries the unfinished
    /// prefix until its last chunk. The connection that did it, to finish it with.
    static func unfinishedImport(into db: String, in dir: URL) throws -> SQLiteConnection {
        let gpx = dir.appendingPathComponent("ride.gpx")
        try Data(ImportCommandTests.gpx(40).utf8).write(to: gpx)
        #expect(try CLIRunner.run(["import", "--db", db, gpx.path]).status == 0)
        let connection = try SQLiteConnection(path: db, mode: .readWrite)
        try connection.execute("UPDATE imports SET content_key = '\(ImportProvenance.unfinishedPrefix)' || content_key")
        return connection
    }
}
