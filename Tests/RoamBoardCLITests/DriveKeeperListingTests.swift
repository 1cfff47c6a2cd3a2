import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamDrive
import RoamStore

/// The keeper looks at the rides every poll (once a second), but reads them from the database only
/// when another connection committed since its last reading (SQLite's data_version on its own
/// connection): with a thousand rides the reading was a real share of a Pi Zero's core. Real files
/// and real writers: the recorder (another process) and the hand-over ledger (another connection).
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveKeeperListingTests {
    /// One small file per ride, named as the drive names them: the image's part is not under test.
    struct NameOnlyWriter: DriveRideWriter {
        func write(_ ride: RideRow, into folder: String, linking: Bool) throws -> [DriveWrittenFile] {
            let name = "ride-\(ride.id).gpx"
            try Data("ride \(ride.id)\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            return [DriveWrittenFile(name: name)]
        }
    }

    final class Said { var lines: [String] = [] }

    func keeper(_ db: String, in dir: URL, said: Said, starting: Bool = true) throws -> DriveKeeper {
        let settings = DriveKeeper.Settings(databasePath: db, builder: DriveImageBuilder(imagePath: dir.appendingPathComponent("drive.img").path),
                                            boardName: "test")
        let keeper = try DriveKeeper(settings, writer: NameOnlyWriter()) { said.lines.append($0) }
        if starting { try keeper.start(nowUTCms: 0) }
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
        #expect(said.lines.contains { $0.contains("for the next plug-in: 1 ride,") }, "\(said.lines)")
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
        #expect(said.lines.last { $0.hasPrefix("drive: built") }?.contains("for the next plug-in: 2 rides,") == true, "ride \(second): \(said.lines)")
    }

    /// A restore: a database file put in the place of the one the keeper opened (rename over it,
    /// after a moment with nothing at the path). The keeper opens its connections on the new file
    /// once, reads the rides from it once, and goes back to reading only on a commit; while the path
    /// is empty it says so once and keeps the rides it had. Rides 1 and 2 in the old file; the
    /// restored one has ride 1 pruned and a ride 3 recorded by the real recorder.
    @Test func aRestoredDatabaseIsReadFromTheNewFileOnceThenOnlyOnCommits() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-listing-restored")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let first = try DriveProbe.recordBenchRide(db)
        let second = try DriveProbe.recordBenchRide(db)
        let backup = try DriveProbe.restorableCopy(of: db, pruning: first, in: dir)
        let third = try DriveProbe.recordBenchRide(backup)
        let said = Said()
        let keeper = try keeper(db, in: dir, said: said)
        let next = dir.appendingPathComponent("drive.img.next").path
        #expect(try DriveImageReader.read(next).rideIDs == [first, second])
        let before = keeper.listings

        // Mid-restore: nothing at the path. Said once; no reading, no error.
        #expect(rename(db, db + ".old") == 0)
        try look(keeper, times: 3)
        #expect(said.lines.filter { $0.contains("no database at \(db)") }.count == 1, "\(said.lines)")
        #expect(keeper.listings == before)

        #expect(rename(backup, db) == 0)
        try look(keeper, times: 4)
        #expect(said.lines.filter { $0.contains("is another file now") }.count == 1, "\(said.lines)")
        #expect(keeper.listings == before + 1, "the restored file was read more than once with nothing committed")
        #expect(try DriveImageReader.read(next).rideIDs == [second, third], "\(said.lines)")

        // A commit to the restored file (a hand-over mark): read at the next look, once.
        try DumpLedger(path: db).markDumped(id: third, dumpedUTCms: 1_000, keepingEarlier: true)
        try look(keeper, times: 3)
        #expect(keeper.listings == before + 2)
    }

    /// The path empty before the keeper read any rides (a restore between its opening the database
    /// and its first look): said once and waited for, as after a reading; the file its connections
    /// opened is read at no look and nothing is built from it. Back at the path, it is read once.
    @Test func aDatabaseMissingBeforeAnyReadingIsWaitedForNotReadAtEveryLook() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-listing-missing-first")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let first = try DriveProbe.recordBenchRide(db)
        let said = Said()
        let keeper = try keeper(db, in: dir, said: said, starting: false)
        #expect(rename(db, db + ".old") == 0)
        try keeper.start(nowUTCms: 0)
        try look(keeper, times: 3)
        #expect(said.lines.filter { $0.contains("no database at \(db)") }.count == 1, "\(said.lines)")
        #expect(keeper.listings == 0, "the file the keeper opened was read while nothing was at the path")
        #expect(!said.lines.contains { $0.hasPrefix("drive: built") }, "\(said.lines)")

        #expect(rename(db + ".old", db) == 0)
        try look(keeper, times: 3)
        #expect(keeper.listings == 1, "\(said.lines)")
        #expect(try DriveImageReader.read(dir.appendingPathComponent("drive.img.next").path).rideIDs == [first], "\(said.lines)")
    }

    /// A restore by copying (cp) shows a file at the path that is not a whole database yet: the
    /// keeper says so in its own words (not the database's, which send the rider to --db) and tries
    /// again at the next look; once the copy is whole it reads it. Rides 1 and 2 in the old file,
    /// the copy has ride 1 pruned.
    @Test func aFileStillBeingCopiedInIsSaidInTheKeepersWordsThenReadOnceWhole() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-listing-partial")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let first = try DriveProbe.recordBenchRide(db)
        let second = try DriveProbe.recordBenchRide(db)
        let backup = try DriveProbe.restorableCopy(of: db, pruning: first, in: dir)
        let said = Said()
        let keeper = try keeper(db, in: dir, said: said)
        let before = keeper.listings
        let partial = dir.appendingPathComponent("partial.db")
        try Data(try Data(contentsOf: URL(fileURLWithPath: backup)).prefix(4096)).write(to: partial)
        #expect(rename(partial.path, db) == 0)
        for _ in 0..<2 {
            var failure: (any Error)?
            do { try look(keeper) } catch { failure = error }
            let words = (failure as? DriveError)?.description ?? "not the keeper's words: \(String(describing: failure))"
            #expect(words.hasPrefix("\(db) is another file now but cannot be read yet (") && words.hasSuffix("tries again at the next look"), "\(words)")
        }
        #expect(keeper.listings == before)

        #expect(rename(backup, db) == 0)
        try look(keeper)
        #expect(keeper.listings == before + 1)
        #expect(try DriveImageReader.read(dir.appendingPathComponent("drive.img.next").path).rideIDs == [second], "\(said.lines)")
    }
}
