import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamCore
import RoamDrive
import RoamStore

/// The drive's lines in a rider's terms: what was built and for when, never a working file
/// (`.next`, `.new`, `.spare`, `.staging`); a failed check says what to check; and `drive-image`
/// exits by the one rule for drive errors (`ExitStatus.drive`): 74 for what the storage or a tool
/// refused, 1 for a missing dosfstools or mtools.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveWordsTests {
    /// It said "drive: built /…/drive.img.next (67.9 MiB) with 1 ride, new image: …".
    @Test func theBuiltLineSaysWhatWasBuiltNotItsWorkingFile() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-words-built")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try DriveProbe.recordBenchRide(db)
        let said = DriveKeeperListingTests.Said()
        _ = try DriveKeeperListingTests().keeper(db, in: dir, said: said)
        let built = said.lines.filter { $0.hasPrefix("drive: built") }
        #expect(built.count == 1, "\(said.lines)")
        let line = built.first ?? ""
        #expect(line.hasPrefix("drive: built the drive image for the next plug-in: 1 ride, "), "\(line)")
        #expect(line.firstMatch(of: /, [0-9.]+ MiB \(new image: 1 file copied in\)$/) != nil, "\(line)")
        #expect(!line.contains(dir.path) && !line.contains(".next"), "\(line)")
    }

    /// An export the file-size limit stops (a real `ulimit -f`) names the ride file as the drive's
    /// working copy, not its path in `.staging`, and EFBIG in words. It said "cannot write /…/drive.img.staging/Rides/….gpx: file too large".
    /// The ride is stored, not recorded live: a bench recording under load left it unstopped, and
    /// mkfs.vfat's sparse image then met the limit first ("unable to resize"): no export was tried.
    @Test func aFailedExportNamesNoWorkingFolder() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-words-export")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        // Its FIT (written first) fits under the limit's 200 blocks of 512 bytes (dash's unit), its GPX does not.
        try DriveProbe.storeRide(db)
        let build = try TrialChild(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 200 && exec \"$0\" \"$@\"", TrialPaths.binary.path,
                                                                     "drive-image", "--db", db])
        #expect(build.finish() == 74, "\(build.stderrLines)")
        let said = build.stderrLines.joined(separator: "\n")
        #expect(said.firstMatch(of: /cannot build the drive image: cannot write the drive's working copy of Rides\/[^ ]+-ride-1\.gpx: the file is too large for its file system or for this process's limit \(ulimit -f\)/) != nil,
                "\(said)")
        #expect(!said.contains(".staging") && !said.contains(dir.path), "\(said)")
    }

    /// A writer whose file is gone before the build measures it (stat fails right after the write):
    /// said as the drive's working copy, with what to check. It said "cannot read the size of
    /// /…/drive.img.staging/Rides/ride-1.gpx: it does not exist: check the path (its folder must exist)".
    @Test func aStagedFileThatCannotBeMeasuredNamesNoWorkingFolder() throws {
        struct VanishingWriter: DriveRideWriter {
            func write(_ ride: RideRow, into folder: String, linking: Bool) throws -> [DriveWrittenFile] {
                let path = folder + "/ride-\(ride.id).gpx"
                try Data("ride \(ride.id)\n".utf8).write(to: URL(fileURLWithPath: path))
                unlink(path)
                return [DriveWrittenFile(name: "ride-\(ride.id).gpx")]
            }
        }
        let script = { var s = RideScript(lat: 47.99, lon: 7.84, startUTCms: DumpFixture.startUTCms, barometer: true)
                       s.move(seconds: 5, speedMps: { _ in 6 }, bearingDeg: 0); return s }()
        let (db, id, _) = try DumpFixture.oneRide(script) { _ in [] }
        let dir = URL(fileURLWithPath: (db as NSString).deletingLastPathComponent)
        defer { TrialPaths.remove(dir) }
        let said = DriveKeeperListingTests.Said()
        let settings = DriveKeeper.Settings(databasePath: db, builder: DriveImageBuilder(imagePath: dir.appendingPathComponent("drive.img").path),
                                            boardName: "test")
        try DriveKeeper(settings, writer: VanishingWriter()) { said.lines.append($0) }.start(nowUTCms: 0)
        let line = said.lines.first { $0.contains("tried again when the rides change") } ?? "\(said.lines)"
        #expect(line.hasPrefix("drive: cannot read the size of the drive's working copy of Rides/ride-\(id).gpx, just written: "
                               + "it does not exist; check the free room on \(dir.path) and the storage's errors ('dmesg')"), "\(line)")
        #expect(!line.contains(".staging"), "\(line)")
    }

    /// A previous drive image whose FAT is damaged (a real byte pair, an entry no file uses set to 1):
    /// its files still list and README.txt still reads, but mdir no longer counts its free room. It
    /// is the image, not the tool: the build says "the previous drive image cannot be read (mdir said: "…")"
    /// and makes a new image rather than edit it, exit 0. It made one without a word.
    @Test func aPreviousImageWithADamagedFATIsSaidAndReplaced() throws {
        let script = { var s = RideScript(lat: 47.99, lon: 7.84, startUTCms: DumpFixture.startUTCms, barometer: true)
                       s.move(seconds: 5, speedMps: { _ in 6 }, bearingDeg: 0); return s }()
        let (db, id, _) = try DumpFixture.oneRide(script) { _ in [] }
        let dir = URL(fileURLWithPath: (db as NSString).deletingLastPathComponent)
        defer { TrialPaths.remove(dir) }
        let image = dir.appendingPathComponent("drive.img").path
        try #require(try CLIRunner.run(["drive-image", "--db", db, "--image", image]).status == 0)
        // The image served before becomes the spare, the base the next build edits (its manifest follows the inode).
        try FileManager.default.moveItem(atPath: image, toPath: image + ".spare")
        let spare = try FileHandle(forUpdating: URL(fileURLWithPath: image + ".spare"))
        let boot = spare.readData(ofLength: 24)
        let fatStart = UInt64(boot[14]) | UInt64(boot[15]) << 8
        let sectorBytes = UInt64(boot[11]) | UInt64(boot[12]) << 8
        try spare.seek(toOffset: fatStart * sectorBytes + 2 * 10_000)
        spare.write(Data([0x01, 0x00]))
        try spare.close()
        try #require(try DriveImageReader.read(image + ".spare").rideIDs == [id], "the listing still reads")

        let build = try CLIRunner.run(["drive-image", "--db", db, "--image", image])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("(new image: 3 files copied in"), "\(build.stderr)")
        #expect(build.stderr.contains("; the previous drive image cannot be read (mdir said: \"Bad FAT entry 1 at 10000\"), so none was edited)"),
                "\(build.stderr)")
        #expect(!build.stderr.contains(".spare") && !build.stderr.contains("mdir failed"), "\(build.stderr)")
        #expect(try DriveProbe.fsck(image).status == 0 && DriveProbe.rideIDs(image) == [id])
    }

    /// An image that fsck.vfat finds damaged right after the build: named in words, with what to
    /// check, exit 74, and nothing left at the image's path. It said only the tool's own message.
    @Test func aFailedCheckSaysWhatToCheck() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-words-fsck")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try RideStore(path: db).close()
        let tools = try DriveProbe.toolScript(in: dir, "fsck.vfat", "echo 'Bad FAT: cluster 3 points past the end' >&2; exit 1")
        let build = try TrialChild(TrialPaths.binary, ["drive-image", "--db", db], environment: ["ROAM_DRIVE_TOOLS": tools.path])
        #expect(build.finish() == 74, "\(build.stderrLines)")
        let said = build.stderrLines.joined(separator: "\n")
        #expect(said.contains("cannot check the drive image just built: fsck.vfat ended with exit status 1 "
                              + "(fsck.vfat said: \"Bad FAT: cluster 3 points past the end\"); "
                              + "check the storage's errors ('dmesg') and the FAT tools (dpkg --verify dosfstools mtools); "
                              + "no drive image was made"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("drive.img").path))
    }

    /// `drive-image` under a mount namespace where dosfstools' folder is empty (root only): a
    /// missing mkfs.vfat, and a missing fsck.vfat after an image was made, exit 1 as
    /// `ExitStatus.drive` has it, and name the package. Both exited 74, and the missing fsck.vfat
    /// was called an unreadable image.
    @Test(.needs(geteuid() == 0, "a mount namespace needs root"))
    func aMissingToolExitsOneAsEveryDriveError() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-words-missing")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        try RideStore(path: db).close()
        let mkfs = try #require(TrialPaths.tool("mkfs.vfat")).resolvingSymlinksInPath()
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let unshare = try #require(TrialPaths.tool("unshare"), "unshare (util-linux) is missing")
        let hiding = "mount --bind '\(empty.path)' '\(mkfs.deletingLastPathComponent().path)' && exec \"$0\" \"$@\""

        func run(_ environment: [String: String]) -> (status: Int32, said: String) {
            guard let child = try? TrialChild(unshare, ["-m", "/bin/sh", "-c", hiding, TrialPaths.binary.path, "drive-image", "--db", db],
                                              environment: environment) else { return (-1, "unshare did not start") }
            return (child.finish(), child.stderrLines.joined(separator: "\n"))
        }
        let noMkfs = run([:])
        #expect(noMkfs.status == 1 && noMkfs.said.contains("mkfs.vfat is missing: install Debian's dosfstools package"), "\(noMkfs)")

        // mkfs.vfat from elsewhere (a copy), fsck.vfat still missing: the image is made, not checked, not offered.
        let tools = try DriveProbe.toolScript(in: dir, "mkfs.vfat", "exec '\(dir.path)/mkfs' \"$@\"")
        try FileManager.default.copyItem(at: mkfs, to: dir.appendingPathComponent("mkfs"))
        let noFsck = run(["ROAM_DRIVE_TOOLS": tools.path])
        #expect(noFsck.status == 1 && noFsck.said.contains("fsck.vfat is missing: install Debian's dosfstools package"), "\(noFsck)")
        #expect(!noFsck.said.contains("corrupt") && !noFsck.said.contains("just built"), "\(noFsck)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("drive.img").path))
    }
}
