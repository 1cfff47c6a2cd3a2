import RoamCore
import RoamStore
import RoamSystem

/// The keeper's connections to the database (its reader, the writer's, the hand-over ledger),
/// kept on the file at the database path: a restore that puts another file there is followed
/// without a restart, and while nothing is there nothing is read or written.
final class KeeperDatabase {
    let path: String
    private let writer: DriveRideWriter
    private let say: (String) -> Void
    /// The build of roam-board making the drive's files (`DriveMaker`): part of the fingerprint.
    private let maker: String
    private let reader: RideReader
    private var ledger: DumpLedger?
    /// The last listing of the rides, kept while the database says nothing changed since.
    private var listed: (dataVersion: Int64, rides: [RideRow], fingerprint: String)?
    /// How many times the rides were read from the database (a look with nothing changed reads none).
    private(set) var listings = 0
    /// The file at the database path was replaced: the connections are opened on it again until
    /// the rides were read from it once (a file still being copied in may fail the first time).
    private var reopening = false
    /// The unfinished imports said left off: said again only when they change, not at each listing.
    private var saidUnfinished: Set<Int64> = []
    /// Said that nothing is at the database path: once per absence, not per look.
    private var saidMissing = false
    /// The database can be read only without locks for now (`immutable=1`: a full card leaves no
    /// room for SQLite's -shm): nothing read is taken as known. Said once per such stretch.
    private(set) var readsWithoutLocks = false

    init(path: String, writer: DriveRideWriter, maker: String, say: @escaping (String) -> Void) throws {
        self.path = path; self.writer = writer; self.maker = maker; self.say = say
        reader = try RideReader(path: path)
    }

    /// The rides as the database holds them, read again only when another connection committed
    /// since the last reading: on a board with a thousand rides, reading them every look was a
    /// real share of a Pi Zero's core while riding. The version is taken before the reading, so a
    /// commit in between only causes one more reading at the next look, never a missed one. A
    /// database file replaced under the keeper (a restore) is read once its connections are
    /// opened on it; while nothing is at the path, the last reading stands, and before any reading
    /// there is none (nil): the file the connections opened is not read at every look meanwhile.
    /// A database readable only without locks is nothing known (nil, `nothingKnown`).
    func rides() throws -> (rides: [RideRow], fingerprint: String)? {
        guard try followFile() else {
            readsWithoutLocks = false
            return listed.map { ($0.rides, $0.fingerprint) }
        }
        let version = try reader.dataVersion()
        guard !reader.readsWithoutLocks else { return nothingKnown() }
        readsWithoutLocks = false
        if let listed, listed.dataVersion == version { return (listed.rides, listed.fingerprint) }
        // Something committed: a newer roam-board's migration, maybe (an upgrade restarts nothing).
        // Its rides are not this keeper's to hand over (`SchemaV5`); it stops, and systemd starts the new one.
        try reader.requireKnownSchema()
        let (rides, unfinished) = try Self.offerable(reader)
        if unfinished != saidUnfinished, !unfinished.isEmpty {
            say("drive: \(Plural.list("ride", unfinished.sorted())) left off: only part of the imported file is stored "
                + "(import it again to finish it)")
        }
        saidUnfinished = unfinished
        listings += 1
        reopening = false
        let fingerprint = DriveSelection.fingerprint(rides, maker: maker)
        listed = version.map { ($0, rides, fingerprint) }
        return (rides, fingerprint)
    }

    /// A read without locks (`immutable=1`) during another process's commit or prune may find a
    /// page half written: what it finds decides nothing that changes files (an image built, rides
    /// marked handed over). Nor could two reads that agree prove otherwise: no lock is held, and an
    /// immutable connection's data_version never moves. On a full card those writes would fail for
    /// room anyway; once room is freed the next look reads with locks again (`dataVersion`).
    private func nothingKnown() -> (rides: [RideRow], fingerprint: String)? {
        if !readsWithoutLocks {
            say("drive: \(FilePath.shown(path)) can be read only without locks for now (no room on the card for SQLite's "
                + "shared-memory file, or no right to make it in that folder), and such a read may catch a write half done: "
                + "the drive keeps its image and marks no ride handed over until room is freed")
        }
        readsWithoutLocks = true
        listed = nil
        return nil
    }

    /// The rides a drive may hold, and the imports left off. An import cut before its last chunk is
    /// not handed over, as `dump --not-dumped` does not: a part on the drive would be marked handed
    /// over at the plug-in after the import finished. An import finishing between the two readings
    /// is read again at the next look (the version is older).
    static func offerable(_ reader: RideReader) throws -> (rides: [RideRow], unfinished: Set<Int64>) {
        let unfinished = try reader.unfinishedImports()
        return (try reader.rides().filter { !unfinished.contains($0.id) }, unfinished)
    }

    /// The file the connections have open is the one at the path: marks made now reach it (not a
    /// file being replaced, and no empty database created where nothing is).
    var isAtPath: Bool { reader.fileAtPath == .opened }

    /// Marks the ride handed over; nil when it is gone (pruned since the image was built).
    func markDumped(id: Int64, nowUTCms: Int64) throws -> DumpLedger.Mark? {
        if ledger == nil { ledger = try DumpLedger(path: path) }
        do {
            return try ledger!.markDumped(id: id, dumpedUTCms: nowUTCms, keepingEarlier: true)
        } catch StoreError.rideGone {
            return nil
        }
    }

    /// Opens every connection on the file now at the path once it is another file than the one
    /// they opened: they would read the file a restore replaced until the unit restarts. False
    /// while nothing is at the path (mid-rename or mid-copy): said once, looked at again at the next look.
    private func followFile() throws -> Bool {
        switch reader.fileAtPath {
        case .missing:
            if !saidMissing { say("drive: no database at \(FilePath.shown(path)) for now (being restored?): the drive keeps its rides and looks for it again at the next look") }
            saidMissing = true
            return false
        case .replaced:
            if !reopening { say("drive: \(FilePath.shown(path)) is another file now (a restored database?): reading the rides from it") }
            reopening = true
        case .opened:
            break
        }
        saidMissing = false
        guard reopening else { return true }
        do {
            try reader.reopen()
            try writer.reopenDatabase()
        } catch {
            // Most often a file still being copied in: the database's own words would send the rider to --db.
            throw DriveError(.fileSystem, "\(FilePath.shown(path)) is another file now but cannot be read yet (\(writer.describe(error))): "
                             + "the drive keeps its rides and tries again at the next look")
        }
        ledger = nil
        listed = nil
        return true
    }
}
