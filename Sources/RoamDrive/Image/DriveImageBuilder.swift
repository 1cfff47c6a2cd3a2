import Foundation
import Glibc
import RoamStore

/// Builds the drive's FAT image with Debian's tools and swaps it in atomically: the rides are
/// exported into a staging folder, `mkfs.vfat` makes `<image>.new` just big enough, `mcopy` fills it,
/// it is fsync'd, renamed over `<image>` and the folder fsync'd. A power cut or a SIGKILL at any
/// point leaves the old image or the new one, never a mixture.
public struct DriveImageBuilder {
    public var imagePath: String
    /// FAT volume label (11 characters at most).
    public var label = "ROAMBOARD"
    /// Left free for the recorder whatever the image wants: the recorder's own low-storage floor
    /// (`LowStorageRule.minFreeBytes`), so building the drive never makes it stop a ride.
    public var reserveBytes: Int64 = 64 << 20
    /// The largest image built; older rides beyond it are left off.
    public var maxImageBytes: Int64 = 2 << 30

    public init(imagePath: String) { self.imagePath = imagePath }

    var newPath: String { imagePath + ".new" }
    var stagingPath: String { imagePath + ".staging" }
    var folder: String { (imagePath as NSString).deletingLastPathComponent.isEmpty ? "." : (imagePath as NSString).deletingLastPathComponent }

    /// Builds and swaps in an image of `rides` (all of them; only stopped ones go on it).
    public func build(rides: [RideRow], writer: DriveRideWriter, facts: DriveReadme.Facts) throws -> DriveContents {
        let candidates = DriveSelection.candidates(rides)
        let free = try freeBytes()
        // The staged files and the new image exist at once beside the old image: count both.
        let room = (free - reserveBytes) / 2 - Self.overhead(0)
        let budget = min(maxImageBytes - Self.overhead(maxImageBytes), room)
        guard budget > 0 else {
            throw DriveError(.storageFull, "storage too full for a new drive image: \(DriveReadme.megabytes(free)) free on \(folder), "
                             + "\(DriveReadme.megabytes(reserveBytes)) stay for recording; the previous image is kept. "
                             + "Prune rides already handed over (roam-board prune --dumped-before DATE)")
        }
        let rideFolder = stagingPath + "/Rides"
        try? FileManager.default.removeItem(atPath: stagingPath)
        try makeFolder(rideFolder)
        defer { try? FileManager.default.removeItem(atPath: stagingPath) }

        var kept: [DriveContents.Ride] = []
        var leftOff: [Int64] = []
        var used: Int64 = 0
        for ride in candidates {
            let names = try writer.write(ride, into: rideFolder)
            let bytes = try names.reduce(Int64(0)) { $0 + DriveSelection.onDisk(try size(rideFolder + "/" + $1)) }
            if used + bytes <= budget {
                used += bytes
                kept.append(.init(id: ride.id, startedUTCms: ride.startedUTCms, distanceM: ride.totals.distanceM, files: names, bytes: bytes))
                if let end = ride.endedUTCms { stamp(names.map { rideFolder + "/" + $0 }, utcMs: end) }
            } else {
                leftOff.append(ride.id)
                for name in names { unlink(rideFolder + "/" + name) }
            }
        }
        var contents = DriveContents(rides: kept, leftOff: leftOff, fingerprint: DriveSelection.fingerprint(rides))
        let readme = DriveReadme.text(contents, DriveReadme.Facts(boardName: facts.boardName, builtUTCms: facts.builtUTCms,
                                                                   freeBytes: free - used))
        try Data(readme.utf8).write(to: URL(fileURLWithPath: stagingPath + "/README.txt"))
        used += DriveSelection.onDisk(Int64(readme.utf8.count))
        contents.imageBytes = used + Self.overhead(used)
        do { try writeImage(contents, rideFolder: rideFolder) } catch {
            // A half-made new image is worth nothing; the old one was never touched.
            unlink(newPath)
            throw error
        }
        return contents
    }

    /// FAT tables, boot sectors, directories and slack: 1 MiB plus 3 %, in whole KiB.
    static func overhead(_ payload: Int64) -> Int64 { ((1 << 20) + payload * 3 / 100 + 1023) / 1024 * 1024 }

    private func writeImage(_ contents: DriveContents, rideFolder: String) throws {
        unlink(newPath)
        let volumeID = String(contents.fingerprint.suffix(8))
        try DriveTools.run("mkfs.vfat", ["-C", "-s", "8", "-n", label, "-i", volumeID, newPath, "\(contents.imageBytes / 1024)"],
                           what: "make the FAT file system \(newPath)")
        try DriveTools.run("mmd", ["-i", newPath, "::/Rides"], what: "make the Rides folder in \(newPath)")
        let files = contents.rides.flatMap(\.files).map { rideFolder + "/" + $0 }
        if !files.isEmpty {
            // -m keeps each file's time (the ride's end); -D o never asks about a name clash.
            try DriveTools.run("mcopy", ["-i", newPath, "-m", "-D", "o"] + files + ["::/Rides/"], what: "copy the rides into \(newPath)")
        }
        try DriveTools.run("mcopy", ["-i", newPath, "-D", "o", stagingPath + "/README.txt", "::/README.txt"],
                           what: "copy README.txt into \(newPath)")
        try syncFile(newPath)
        guard rename(newPath, imagePath) == 0 else { throw system("cannot rename \(newPath) over", imagePath) }
        try syncFile(folder, directory: true)
    }

    private func freeBytes() throws -> Int64 {
        var fs = statvfs()
        guard statvfs(folder, &fs) == 0 else { throw system("cannot measure free space on", folder) }
        return Int64(fs.f_bavail) * Int64(fs.f_frsize)
    }

    private func makeFolder(_ path: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw DriveError(.fileSystem, "cannot create the staging folder \(path): check that \(folder) is writable")
        }
    }

    private func size(_ path: String) throws -> Int64 {
        var st = stat()
        guard stat(path, &st) == 0 else { throw system("cannot read the size of", path) }
        return Int64(st.st_size)
    }

    /// The ride's end as the file's time, which `mcopy -m` carries onto the drive.
    private func stamp(_ paths: [String], utcMs: Int64) {
        var times = [timespec(tv_sec: Int(utcMs / 1000), tv_nsec: 0), timespec(tv_sec: Int(utcMs / 1000), tv_nsec: 0)]
        for path in paths { _ = utimensat(AT_FDCWD, path, &times, 0) }
    }

    private func syncFile(_ path: String, directory: Bool = false) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (directory ? O_DIRECTORY : 0))
        guard fd >= 0 else { throw system("cannot open", path) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw system("cannot fsync", path) }
    }

    private func system(_ what: String, _ path: String) -> DriveError {
        let reason = String(cString: strerror(errno))
        let full = errno == ENOSPC ? "\(what) \(path): no space left; the previous image is kept. Prune rides already handed over"
            : "\(what) \(path): \(reason); the previous image is kept"
        return DriveError(errno == ENOSPC ? .storageFull : .fileSystem, full)
    }
}
