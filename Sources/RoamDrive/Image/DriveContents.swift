import RoamCore
import RoamStore

/// Writes one ride's files for the drive: the CLI passes the very exporters and file names `dump`
/// uses, so a file on the drive is byte for byte what `dump --out DIR` writes.
public protocol DriveRideWriter {
    /// Writes the ride's files into `folder` and returns their names (no folder) and what each leaves
    /// out; `linking`: its page links the drive's shared Leaflet (`DriveSharedFiles`), else it keeps the static map.
    func write(_ ride: RideRow, into folder: String, linking: Bool) throws -> [DriveWrittenFile]
    /// The files the ride pages share (Leaflet), read afresh for each build.
    func sharedFiles() -> DriveSharedFiles
    /// The drive's index.html for the rides on it, each linking to its files in Rides/ (`files`);
    /// nil for none. Rebuilt with every image, as README.txt is.
    func index(_ rides: [RideRow], files: [Int64: [String]]) throws -> String?
    /// Another module's error (the database's, the system's) as one sentence that says what to do.
    func describe(_ error: any Error) -> String
    /// The instant a ride's file names give (its first dated fix), which README.txt lists it by.
    func startUTCms(_ ride: RideRow) throws -> Int64?
    /// A time as README.txt says it: in the zone the file names are in, with its offset.
    func shownTime(utcMs: Int64) -> String
    /// The zone the file names are in, by its name ("Europe/Berlin") and zone file; nil for UTC. FAT
    /// dates carry no zone and a computer shows them as its own local time, so the drive's are
    /// written in this zone, and README.txt names it.
    var zone: (name: String, file: String)? { get }
    /// The file at the database path was replaced (a restore): read the new one from now on.
    func reopenDatabase() throws
    /// The units README.txt, index.html and the ride pages are in (board.conf's `units`).
    var units: UnitFormatter { get }
    /// The words that mark each imported ride, by id: README.txt says what index.html says.
    func importedRides() throws -> [Int64: String]
    /// rides.db's free pages (rides pruned), room for new rides that README.txt counts as `status` does.
    func reusableBytes() throws -> UInt64
}

extension DriveRideWriter {
    public func index(_ rides: [RideRow], files: [Int64: [String]]) throws -> String? { nil }
    public func sharedFiles() -> DriveSharedFiles { .none }
    public func describe(_ error: any Error) -> String { "\(error)" }
    public func startUTCms(_ ride: RideRow) throws -> Int64? { ride.startedUTCms }
    public func shownTime(utcMs: Int64) -> String { CivilDate.iso8601(utcMs: utcMs) }
    public var zone: (name: String, file: String)? { nil }
    public func reopenDatabase() throws {}
    public var units: UnitFormatter { .metric }
    public func importedRides() throws -> [Int64: String] { [:] }
    /// A writer over no database (the tests' fakes) has no free pages.
    public func reusableBytes() throws -> UInt64 { 0 }
}

/// One ride file a `DriveRideWriter` wrote: its name (no folder), and what it leaves out in the words
/// `dump` says after the same file (a FIT file's fixes whose time went back), which README.txt lists; nil: nothing.
public struct DriveWrittenFile: Sendable, Equatable {
    public var name: String
    public var note: String?
    public init(name: String, note: String? = nil) { self.name = name; self.note = note }
}

/// What one image holds: the rides on it (newest first), the rides left off for lack of room or by
/// the cap, and the fingerprint of the database state it was built from.
public struct DriveContents: Sendable, Equatable {
    public struct Ride: Sendable, Equatable {
        public var id: Int64
        /// As the ride's file names give it (`DriveRideWriter.startUTCms`).
        public var startedUTCms: Int64?
        public var distanceM: Double
        public var files: [String]
        public var bytes: Int64
        /// Where an imported ride came from ("imported from FILE (DEVICE)"); nil for one the board recorded.
        public var imported: String? = nil
        /// What its files leave out (`DriveWrittenFile.note`), said in README.txt.
        public var notes: [String] = []
    }

    public var rides: [Ride]
    /// Rides left off for lack of room on the card (statvfs, above the recorder's reserve), newest first.
    public var leftOff: [Int64]
    /// Rides handed over already that the cap on those (`maxImageBytes`, --max-mib) left off, newest first.
    public var overCap: [Int64] = []
    public var fingerprint: String
    /// Rides left out because their rows cannot be read (the database is damaged there).
    public var damaged: [Int64] = []
    public var imageBytes: Int64 = 0
    /// How the image was made: in place from a base, or new (said in the keeper's line).
    public var change = ""
    /// The names in the shared folder (Leaflet/), sorted.
    public var shared: [String] = []
    /// The pages of this build link Leaflet/ (their maps zoom and pan).
    public var pagesLinkLeaflet = false
    /// Why the pages of this build keep their static map (no Leaflet on the board); nil when they link it.
    public var sharedMissing: String?
    /// The room this build found, when the card's room left rides off: built again once enough is freed.
    public var room: DriveRoom?

    public var rideIDs: [Int64] { rides.map(\.id) }
}

/// Which rides go on the drive and when the drive is out of date: pure rules, no I/O.
public enum DriveSelection {
    /// Stopped rides only (a recording ride is handed over once it stops, as with `dump --not-dumped`),
    /// newest first: by start time, rides without a date by id.
    public static func candidates(_ rides: [RideRow]) -> [RideRow] {
        rides.filter { $0.state == .stopped }.sorted { a, b in
            (a.startedUTCms ?? Int64.min, a.id) > (b.startedUTCms ?? Int64.min, b.id)
        }
    }

    /// The order in which rides claim room: those not yet handed over first, then those handed
    /// over, each newest first. The drive holds the first group whole if storage allows, and of
    /// the second the newest that fit under the cap.
    public static func claimOrder(_ rides: [RideRow]) -> [RideRow] {
        let newestFirst = candidates(rides)
        return newestFirst.filter { $0.dumpedUTCms == nil } + newestFirst.filter { $0.dumpedUTCms != nil }
    }

    /// Each ride in claim order that still fits: not handed over within `room`, handed over within
    /// `min(room, cap)` (a big old ride is skipped, and smaller older ones after it may still go on).
    /// Returns the indices kept.
    public static func fitting(sizes: [Int64], handedOver: [Bool], room: Int64, cap: Int64) -> [Int] {
        var used: Int64 = 0
        var kept: [Int] = []
        for (i, size) in sizes.enumerated() where used + size <= (handedOver[i] ? min(room, cap) : room) {
            used += size
            kept.append(i)
        }
        return kept
    }

    /// Whether the cap, not the card's room, left a ride off: only a ride handed over and measured
    /// (exported, or known from an earlier image), when the card had room for the whole cap or the
    /// ride alone is bigger than the cap. Every other ride left off wanted room on the card: freeing
    /// room brings it on, a larger cap would not.
    static func leftOffByCap(measured: Bool, handedOver: Bool, size: Int64, room: Int64, cap: Int64) -> Bool {
        measured && handedOver && (room >= cap || size > cap)
    }

    /// Changes whenever a ride appears, goes (pruned), stops or is rederived, or another build of
    /// roam-board (`maker`, `DriveMaker`) makes the files; not when a ride is marked dumped, so
    /// marking a hand-over never causes a rebuild.
    public static func fingerprint(_ rides: [RideRow], maker: String) -> String {
        let seed = FNV1a.hash(maker.utf8)
        return "roam-drive/1 " + FNV1a.hex(candidates(rides).reduce(seed) { FNV1a.hash(line($1).utf8, continuing: $0) })
    }

    /// One ride's content as its files show it, and the build that made them: a ride's cached files
    /// are reused while both are unchanged.
    public static func stamp(_ ride: RideRow, maker: String) -> String {
        FNV1a.hex(FNV1a.hash(line(ride).utf8, continuing: FNV1a.hash(maker.utf8)))
    }

    private static func line(_ ride: RideRow) -> String {
        let t = ride.totals
        return "\(ride.id)|\(ride.startedUTCms ?? -1)|\(ride.endedUTCms ?? -1)|\(ride.lastCommitUTCms ?? -1)|"
            + "\(t.fixCount)|\(t.acceptedCount)|\(t.distanceM)|\(t.ascentM ?? -1)|\(ride.parameters.version)\n"
    }

    /// The bytes a file takes on the image: whole 4 KiB clusters (`mkfs.vfat -s 8`).
    static func onDisk(_ bytes: Int64) -> Int64 {
        (bytes + clusterBytes - 1) / clusterBytes * clusterBytes
    }

    static let clusterBytes: Int64 = 4096
}
