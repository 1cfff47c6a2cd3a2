import Glibc
import RoamCore
import RoamStore
import RoamSystem

/// The ride files a build needs that no image holds yet, exported into the staging folder by the
/// writer `dump` uses, each at most once per build; their times are the ride's end, which
/// `mcopy -m` carries onto the drive. The staging folder is on the recorder's own card: before each
/// ride it checks that the ride, and its copy into the image, leave the recorder's reserve free.
struct DriveExport {
    let writer: DriveRideWriter
    let slots: DriveImageSlots
    /// Where the ride files are staged: `.staging/Rides`, never named to a rider (`DriveImageSlots.workingCopy`).
    let folder: String
    /// Left free for the recorder (`DriveImageBuilder.reserveBytes`).
    let reserveBytes: Int64
    /// How to free room, as a command that runs as printed (`DriveReadme.Commands.pruneAdvice`).
    var pruneAdvice = "prune rides already handed over"
    /// The ride pages link the drive's shared Leaflet (this build has it).
    var linking = false
    private var staged: [Int64: [DriveWrittenFile]] = [:]
    /// What the staged files weigh: each is copied into the image once more.
    private(set) var stagedBytes: Int64 = 0
    /// Rides exported by this build (the bytes a rebuild writes twice: staged, then copied in).
    private(set) var exportedRides = 0

    init(writer: DriveRideWriter, slots: DriveImageSlots, reserveBytes: Int64) {
        self.writer = writer
        self.slots = slots
        self.folder = slots.staging + "/Rides"
        self.reserveBytes = reserveBytes
    }

    /// The folder's failure is left to the builder to say: the rider named the image, not this folder.
    func prepare() throws(SystemError) {
        try FileSystem.makeFolders(folder)
    }

    /// Exports the ride (once) and says what its files weigh. Throws `storageFull` when the card
    /// has no room for it above the reserve, `DamagedRide` when its rows cannot be read.
    mutating func files(_ ride: RideRow, stamp: String) throws -> [DriveManifest.File] {
        let written = try stage(ride, expecting: Self.estimate(ride))
        return try written.map { .init(name: $0.name, rideID: ride.id, stamp: stamp, bytes: try size($0.name), note: $0.note) }
    }

    /// The staged paths of the ride's files (`bytes`: what they weighed before), exported now if
    /// this build did not yet.
    mutating func paths(_ ride: RideRow, bytes: Int64) throws -> [String] {
        try stage(ride, expecting: bytes).map { folder + "/" + $0.name }
    }

    /// What a ride's files may weigh before they are written: the bench ride's FIT, GPX and page
    /// come to about 340 bytes per fix, a ride whose every fix counts to about 620.
    static func estimate(_ ride: RideRow) -> Int64 { (256 << 10) + Int64(max(ride.totals.fixCount, 0)) * 768 }

    /// Room for the staged files, the ride's own and their copies into the image, plus the
    /// drive's top files, all above the reserve.
    static let topSlack: Int64 = 1 << 20

    private mutating func stage(_ ride: RideRow, expecting bytes: Int64) throws -> [DriveWrittenFile] {
        if let files = staged[ride.id] { return files }
        let free = try freeBytes()
        guard free - reserveBytes >= stagedBytes + 2 * bytes + Self.topSlack else { throw noRoom(ride, free: free) }
        let files = try writer.write(ride, into: folder, linking: linking)
        let names = files.map(\.name)
        exportedRides += 1
        var written: Int64 = 0
        for name in names { written += try size(name) }
        stagedBytes += written
        // More than it was thought to weigh: the reserve is never lent to the drive.
        if try freeBytes() - reserveBytes < stagedBytes + Self.topSlack {
            for name in names { unlink(folder + "/" + name) }
            stagedBytes -= written
            throw noRoom(ride, free: free)
        }
        if let end = ride.endedUTCms {
            var times = [timespec(tv_sec: Int(end / 1000), tv_nsec: 0), timespec(tv_sec: Int(end / 1000), tv_nsec: 0)]
            for name in names { _ = utimensat(AT_FDCWD, folder + "/" + name, &times, 0) }
        }
        staged[ride.id] = files
        return files
    }

    private func noRoom(_ ride: RideRow, free: Int64) -> DriveError {
        DriveError(.storageFull, "no room for ride \(ride.id) on the drive: \(ByteSize.text(free)) free on \(FilePath.shown(slots.folder)), "
                   + "\(ByteSize.text(reserveBytes)) stay for recording. Free room there (delete files not "
                   + "needed, or \(pruneAdvice))")
    }

    /// Measured on the staging folder, said as the card's folder it is in (the rider never named `.staging`).
    private func freeBytes() throws -> Int64 {
        do { return try FileSystem.availableBytes(folder) } catch {
            throw slots.failure("cannot measure free space on", slots.folder, error.errno)
        }
    }

    /// A staged file's size, right after it was written: a failure names the file as the drive's working copy.
    private func size(_ name: String) throws -> Int64 {
        do { return try FileSystem.size(folder + "/" + name) } catch {
            throw slots.refused("cannot read the size of \(DriveImageSlots.workingCopy)Rides/\(name), just written", error.errno)
        }
    }
}
