import Glibc
import RoamStore
import RoamSystem

/// The ride files a build needs that no image holds yet, exported into the staging folder by the
/// writer `dump` uses, each at most once per build; their times are the ride's end, which
/// `mcopy -m` carries onto the drive.
struct DriveExport {
    let writer: DriveRideWriter
    let folder: String
    /// The ride pages link the drive's shared Leaflet (this build has it).
    var linking = false
    private var staged: [Int64: [String]] = [:]
    /// Rides exported by this build (the bytes a rebuild writes twice: staged, then copied in).
    private(set) var exportedRides = 0

    init(writer: DriveRideWriter, folder: String) {
        self.writer = writer
        self.folder = folder
    }

    func prepare() throws {
        do { try FileSystem.makeFolders(folder) } catch {
            throw DriveError(.fileSystem, "cannot create the staging folder \(folder): check that its folder is writable")
        }
    }

    /// Exports the ride (once) and says what its files weigh.
    mutating func files(_ ride: RideRow, stamp: String) throws -> [DriveManifest.File] {
        let names = try stage(ride)
        return try names.map { .init(name: $0, rideID: ride.id, stamp: stamp, bytes: try size(folder + "/" + $0)) }
    }

    /// The staged paths of the ride's files, exported now if this build did not yet.
    mutating func paths(_ ride: RideRow) throws -> [String] {
        try stage(ride).map { folder + "/" + $0 }
    }

    private mutating func stage(_ ride: RideRow) throws -> [String] {
        if let names = staged[ride.id] { return names }
        let names = try writer.write(ride, into: folder, linking: linking)
        exportedRides += 1
        if let end = ride.endedUTCms {
            var times = [timespec(tv_sec: Int(end / 1000), tv_nsec: 0), timespec(tv_sec: Int(end / 1000), tv_nsec: 0)]
            for name in names { _ = utimensat(AT_FDCWD, folder + "/" + name, &times, 0) }
        }
        staged[ride.id] = names
        return names
    }

    private func size(_ path: String) throws -> Int64 {
        do { return try FileSystem.size(path) } catch {
            throw DriveError(.fileSystem, "cannot read the size of \(path): \(error.errno); the previous image is kept")
        }
    }
}
