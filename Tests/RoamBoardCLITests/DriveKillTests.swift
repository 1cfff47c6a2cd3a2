import Foundation
import Glibc
import RoamTestSupport
import Testing

/// SIGKILL in the middle of a rebuild: the real `drive-image` process is killed while the new
/// image is half made (a wrapper in front of the real mcopy stops it there and names itself), and
/// the drive a computer would see is still the old one, whole, with every earlier ride.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveKillTests {
    /// `mcopy` that writes its pid to `mark` and waits, for the calls that fill `<image>.new`;
    /// every other call goes straight to Debian's mcopy.
    static func wrapper(in dir: URL, mark: URL) throws -> URL {
        try DriveProbe.mcopyWrapper(in: dir, before: """
            case "$*" in *drive.img.new*) echo $$ > '\(mark.path).tmp' && mv '\(mark.path).tmp' '\(mark.path)'; exec sleep 600;; esac
            """)
    }

    @Test func sigkillDuringARebuildLeavesTheOldDriveWithEveryEarlierRide() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-kill")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let image = dir.appendingPathComponent("drive.img").path
        let first = try DriveProbe.recordBenchRide(db)
        let build = try CLIRunner.run(["drive-image", "--db", db])
        #expect(build.status == 0, "\(build.stderr)")
        let oldBytes = try DriveProbe.bytes(URL(fileURLWithPath: image))
        let second = try DriveProbe.recordBenchRide(db)

        let mark = dir.appendingPathComponent("mcopy.pid")
        let tools = try Self.wrapper(in: dir, mark: mark)
        let child = try TrialChild(TrialPaths.binary, ["drive-image", "--db", db], environment: ["ROAM_DRIVE_TOOLS": tools.path])
        let deadline = Date(timeIntervalSinceNow: 120)
        while !FileManager.default.fileExists(atPath: mark.path), Date() < deadline, child.process.isRunning { usleep(20_000) }
        let pidText = try String(contentsOf: mark, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let waiting = try #require(Int32(pidText), "the wrapper never ran: \(child.stderrLines)")
        #expect(FileManager.default.fileExists(atPath: image + ".new"), "killed while the new image is half made")
        child.kill()
        kill(waiting, SIGKILL)

        // What a computer would see now: the old image, byte for byte, a clean FAT with ride 1.
        let seen16 = try DriveProbe.bytes(URL(fileURLWithPath: image))
        #expect(seen16 == oldBytes)
        let fsck = try DriveProbe.fsck(image)
        #expect(fsck.status == 0, "\(fsck.out) \(fsck.err)")
        let seen17 = try DriveProbe.rideIDs(image)
        #expect(seen17 == [first])
        // The next rebuild clears the leftovers and holds both rides.
        let again = try CLIRunner.run(["drive-image", "--db", db])
        #expect(again.status == 0, "\(again.stderr)")
        let seen18 = try DriveProbe.rideIDs(image)
        #expect(seen18 == [first, second])
        #expect(!FileManager.default.fileExists(atPath: image + ".new") && !FileManager.default.fileExists(atPath: image + ".staging"))
        let seen19 = try DriveProbe.fsck(image)
        #expect(seen19.status == 0)
    }
}
