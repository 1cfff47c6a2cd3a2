import Foundation
import Glibc
import Testing
import RoamDrive
import RoamStore

/// The keeper looks at the rides every poll (once a second), but reads them from the database only
/// when another connection committed since its last reading (SQLite's data_version on its own
/// connection): with a thousand rides the reading was a real share of a Pi Zero's core. Real files
/// and real writers: the recorder (another process) and the hand-over ledger (another connection).
@Suite(.serialized, .enabled(if: DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveKeeperListingTests {
    /// One small file per ride, named as the drive names them: the image's part is not under test.
    struct NameOnlyWriter: DriveRideWriter {
        func write(_ ride: RideRow, into folder: String, linking: Bool) throws -> [String] {
            let name = "ride-\(ride.id).gpx"
            try Data("ride \(ride.id)\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            return [name]
        }
    }

    final class Said { var lines: [String] = [] }

    func keeper(_ db: String, in dir: URL, said: Said) throws -> DriveKeeper {
        let settings = DriveKeeper.Settings(databasePath: db, builder: DriveImageBuilder(imagePath: dir.appendingPathComponent("drive.img").path),
                                            boardName: "test")
        let keeper = try DriveKeeper(settings, writer: NameOnlyWriter()) { said.lines.append($0) }
        try keeper.start(nowUTCms: 0)
        return keeper
    }

    func look(_ keeper: DriveKeeper, times: Int = 1) throws {
        for _ in 0..<times { try keeper.step(state: nil, notified: false, nowUTCms: 0) }
    }

    @Test func nothingCommittedMeansNoReadingAndAnotherConnectionsCommitIsRead() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-listing")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let first = try DriveProbe.recordBenchRide(db)
        let said = Said()
        let keeper = try keeper(db, in: dir, said: said)
        #expect(said.lines.contains { $0.contains("with 1 ride(s)") }, "\(said.lines)")
        let atStart = keeper.listings
        #expect(atStart == 1)

        try look(keeper, times: 5)
        #expect(keeper.listings == atStart, "nothing was committed, yet the rides were read again")

        // A hand-over mark through its own connection: read at the next look, once.
        try DumpLedger(path: db).markDumped(id: first, dumpedUTCms: 1_000, keepingEarlier: true)
        try look(keeper)
        #expect(keeper.listings == atStart + 1)
        try look(keeper, times: 3)
        #expect(keeper.listings == atStart + 1)

        // A ride the recorder (another process) committed: the next look reads it and builds it in.
        let second = try DriveProbe.recordBenchRide(db)
        try look(keeper)
        #expect(keeper.listings > atStart + 1)
        #expect(said.lines.last { $0.hasPrefix("drive: built") }?.contains("with 2 ride(s)") == true, "ride \(second): \(said.lines)")
    }

    /// A database file put in the place of the one the keeper opened (a restore) has no version the
    /// keeper's connection can compare: it reads the rides at every look, as it did before.
    @Test func aReplacedDatabaseFileIsReadAtEveryLook() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-listing-replaced")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try DriveProbe.recordBenchRide(db)
        let said = Said()
        let keeper = try keeper(db, in: dir, said: said)
        try look(keeper, times: 2)
        let before = keeper.listings

        let copy = db + ".restored"
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        #expect(rename(copy, db) == 0)
        try look(keeper, times: 3)
        #expect(keeper.listings == before + 3)
    }
}
