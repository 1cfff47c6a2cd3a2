import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamCore
import RoamDrive
import RoamStore
import RoamSystem

/// A build that cannot finish: it is tried once per change of the rides and said once, whatever
/// failed (here a file-size limit on the export, a real `ulimit -f`); the staging never takes the
/// recorder's reserve (a real small tmpfs); a damaged ride is left out and named, the others go on.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveFailureTests {
    /// Bytes the process has written so far (`wchar` in /proc/PID/io).
    static func bytesWritten(_ pid: Int32) throws -> Int64 {
        let text = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("wchar:") })
        return try #require(Int64(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test func aFailedExportIsTriedOncePerChangeOfTheRides() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-fail-once")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.recordBenchRide(rig.db)
        // 200 blocks: the ride's GPX (about 400 KB) cannot be written; a real limit, as on a full card.
        let keeper = try TrialChild(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 200 && exec \"$0\" \"$@\"", TrialPaths.binary.path,
                                    "drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path, "--poll-ms", "50"])
        defer { keeper.kill() }
        // Over the lines given: a wait's predicate must not read the child's lines again (its lock is held).
        let failures = { (lines: [String]) in lines.filter { $0.contains("tried again when the rides change") } }
        let failed = { failures(keeper.stderrLines) }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0"), "the keeper stopped: \(keeper.stderrLines)")
        #expect(failed().count == 1 && failed()[0].contains("the file is too large"), "\(keeper.stderrLines)")
        #expect(!keeper.stderrLines.contains { $0.contains("SQLite") || $0.contains("errno") }, "foreign words: \(keeper.stderrLines)")

        // Every look at the cable after it finds the rides unchanged: no second export.
        let before = try Self.bytesWritten(keeper.pid)
        for round in 1...4 {
            try rig.cable("default")
            #expect(keeper.wait(timeoutS: 60) { _, err in err.filter { $0.hasSuffix("USB state default") }.count == round }, "\(keeper.stderrLines)")
            try rig.cable("not attached")
            #expect(keeper.wait(timeoutS: 60) { _, err in err.filter { $0.hasSuffix("USB state not attached") }.count == round + 1 })
        }
        let written = try Self.bytesWritten(keeper.pid) - before
        #expect(written < 50_000, "the keeper wrote \(written) bytes while the rides stayed as they were")
        #expect(failed().count == 1, "\(keeper.stderrLines)")

        // A new ride is a change: one more attempt, said once more.
        try DriveProbe.recordBenchRide(rig.db)
        #expect(keeper.wait(timeoutS: 120) { _, err in failures(err).count == 2 }, "\(keeper.stderrLines)")
        try rig.cable("default")
        #expect(keeper.wait(timeoutS: 60) { _, err in err.filter { $0.hasSuffix("USB state default") }.count == 5 })
        #expect(failed().count == 2 && keeper.process.isRunning, "\(keeper.stderrLines)")
    }

    /// `mcopy` that notes the free space of `folder` (bytes available) each time before it runs:
    /// the staged ride files are all there then.
    static func spaceNotingMcopy(in dir: URL, folder: URL, log: URL) throws -> URL {
        try DriveProbe.mcopyWrapper(in: dir, before: "stat -f -c '%a %S' '\(folder.path)' >> '\(log.path)'")
    }

    /// Five rides (about 4 MB of files) and 3.2 MB above the 64 MiB reserve: no ride's export may
    /// go below the reserve; those that did not fit are named, and as none was handed over yet the
    /// image is incomplete: `drive-image` exits 75 (make room, run again), also when nothing changed
    /// since; with room freed and the rides unchanged (the filler deleted, as a rider deletes old files
    /// on the card), the next run builds again, puts the others on and exits 0; the one after builds nothing.
    @Test(.needs(geteuid() == 0, "mounting a small tmpfs needs root"))
    func theStagingNeverTakesTheRecordersReserve() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-reserve")
        defer { TrialPaths.remove(dir) }
        let mountPoint = dir.appendingPathComponent("fs")
        try DriveProbe.mountTmpfs(at: mountPoint, megabytes: 100)
        defer { LoopFilesystem.unmount(mountPoint) }
        let db = mountPoint.appendingPathComponent("rides.db").path
        var ids: [Int64] = []
        for _ in 0..<5 { ids.append(try DriveProbe.recordBenchRide(db)) }
        let reserve: Int64 = 64 << 20
        let filler = mountPoint.appendingPathComponent("filler")
        #expect(FileManager.default.createFile(atPath: filler.path, contents: Data(count: Int(try FileSystem.availableBytes(mountPoint.path) - reserve - 3_200_000))))
        let log = dir.appendingPathComponent("free.log")
        let tools = try Self.spaceNotingMcopy(in: dir, folder: mountPoint, log: log)

        let build = try TrialChild(TrialPaths.binary, ["drive-image", "--db", db], environment: ["ROAM_DRIVE_TOOLS": tools.path])
        let status = build.finish()
        #expect(status == 75, "\(build.stderrLines)")
        let noted = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line -> Int64? in
            let f = line.split(separator: " ").compactMap { Int64($0) }
            return f.count == 2 ? f[0] * f[1] : nil
        }
        #expect(!noted.isEmpty && noted.allSatisfy { $0 >= reserve }, "free bytes during the build: \(noted), reserve \(reserve)")
        #expect(try FileSystem.availableBytes(mountPoint.path) >= reserve)
        let names = ids.reversed().map(String.init).joined(separator: ", ")
        #expect(build.stderrLines.contains { $0.contains("left off for lack of room on \(mountPoint.path): rides \(names)") }, "\(build.stderrLines)")
        let readme = try DriveProbe.readme(mountPoint.appendingPathComponent("drive.img").path)
        #expect(readme.contains("Not on this drive, for lack of room"), "\(readme)")
        #expect(!FileManager.default.fileExists(atPath: mountPoint.appendingPathComponent("drive.img.staging").path))
        let onDrive = try DriveProbe.rideIDs(mountPoint.appendingPathComponent("drive.img").path)
        let off = ids.reversed().filter { !onDrive.contains($0) }
        #expect(!off.isEmpty, "\(onDrive)")
        let incomplete = "is incomplete: ride\(off.count == 1 ? "" : "s") \(off.map(String.init).joined(separator: ", ")), not handed over yet, left off"
        #expect(build.stderrLines.contains { $0.contains(incomplete) && $0.contains("run drive-image again") }, "\(build.stderrLines)")

        // Nothing changed: the image is as incomplete as it was.
        let again = try CLIRunner.run(["drive-image", "--db", db])
        #expect(again.status == 75 && again.stderr.contains(incomplete) && !again.stderr.contains("built"), "\(again.stderr)")
        #expect(again.stderr.contains("free room on the storage it is on (delete files not needed there"), "\(again.stderr)")
        #expect(unlink(filler.path) == 0)
        let roomy = try CLIRunner.run(["drive-image", "--db", db])
        #expect(roomy.status == 0, "\(roomy.stderr)")
        #expect(roomy.stderr.contains("MiB more free; building the drive again with the rides left off"), "\(roomy.stderr)")
        #expect(try DriveProbe.rideIDs(mountPoint.appendingPathComponent("drive.img").path) == Set(ids))
        let after = try CLIRunner.run(["drive-image", "--db", db])
        #expect(after.status == 0 && !after.stderr.contains("built") && !after.stderr.contains("room freed"), "\(after.stderr)")
    }

    /// Three rides handed over already, and 3.2 MB above the 64 MiB reserve under a cap of 2 GiB: the
    /// card's room, not the cap, leaves them off, and both `drive-image` and README.txt say so (the
    /// rider has them: exit 0). The cap's own case: DriveImageTests.ridesNotHandedOverAllGoOn….
    @Test(.needs(geteuid() == 0, "mounting a small tmpfs needs root"))
    func ridesHandedOverThatTheCardsRoomLeavesOffAreBlamedOnTheRoom() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-room-handed-over")
        defer { TrialPaths.remove(dir) }
        let mountPoint = dir.appendingPathComponent("fs")
        try DriveProbe.mountTmpfs(at: mountPoint, megabytes: 100)
        defer { LoopFilesystem.unmount(mountPoint) }
        let db = mountPoint.appendingPathComponent("rides.db").path
        for _ in 0..<3 { try DriveProbe.recordBenchRide(db) }
        let dump = try CLIRunner.run(["dump", "--db", db, "--all", "--format", "gpx", "--out", dir.appendingPathComponent("out").path + "/"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let filler = mountPoint.appendingPathComponent("filler")
        #expect(FileManager.default.createFile(atPath: filler.path, contents: Data(count: Int(try FileSystem.availableBytes(mountPoint.path) - (64 << 20) - 3_200_000))))

        let build = try CLIRunner.run(["drive-image", "--db", db])
        #expect(build.status == 0, "\(build.stderr)")
        let image = mountPoint.appendingPathComponent("drive.img").path
        let listing = try DriveImageReader.read(image)
        #expect(!listing.leftOff.isEmpty && listing.overCap.isEmpty, "\(listing)")
        let off = Plural.list("ride", listing.leftOff)
        #expect(build.stderr.contains("left off for lack of room on \(mountPoint.path): \(off)"), "\(build.stderr)")
        #expect(build.stderr.contains("\(off) handed over already, left off for lack of room on \(mountPoint.path)"), "\(build.stderr)")
        #expect(!build.stderr.contains("--max-mib") && !build.stderr.contains("MiB cap"), "the cap was not the limit: \(build.stderr)")
        let readme = try DriveProbe.readme(image)
        #expect(readme.contains("Not on this drive, for lack of room") && !readme.contains("beyond the room the drive gives"), "\(readme)")
    }

    /// An image that does not hold what was built (here an `mcopy` that drops ride 1's files) is
    /// refused in words: which rides it holds and which it should, not Swift's array text, and what
    /// to check; exit 74 and no image offered. It is the first build: no previous image is said to be kept.
    @Test func anImageThatLacksARideIsNamedInWords() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-check-words")
        defer { TrialPaths.remove(dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let first = try DriveProbe.recordBenchRide(db)
        let second = try DriveProbe.recordBenchRide(db)
        let dropping = "for a in \"$@\"; do shift; case \"$a\" in *-ride-\(first).*) ;; *) set -- \"$@\" \"$a\" ;; esac; done"
        let tools = try DriveProbe.mcopyWrapper(in: dir, before: dropping)
        let build = try TrialChild(TrialPaths.binary, ["drive-image", "--db", db], environment: ["ROAM_DRIVE_TOOLS": tools.path])
        #expect(build.finish() == 74, "\(build.stderrLines)")
        let said = build.stderrLines.joined(separator: "\n")
        #expect(said.contains("holds ride \(second) where it should hold rides \(first), \(second); check the storage's errors ('dmesg') "
                              + "and the FAT tools (dpkg --verify dosfstools mtools); no drive image was made"), "\(said)")
        #expect(!said.contains("previous image"), "\(said)")
        #expect(!said.contains("["), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("drive.img").path))
    }

    /// Two rides, ride 1 with a damaged page among its fixes: the drive holds ride 2 and names ride 1,
    /// and `drive-image` exits 65 as `dump` does (the output is incomplete), also when nothing changed.
    @Test func aDamagedRideIsLeftOutAndNamedAndTheOthersAreOffered() throws {
        let dir = try TrialPaths.temporaryDirectory("drive-damaged")
        defer { TrialPaths.remove(dir) }
        let db = try DamagedDatabaseRescueTests.damagedDatabase(in: dir)
        let image = dir.appendingPathComponent("drive.img").path
        let build = try CLIRunner.run(["drive-image", "--db", db, "--image", image])
        #expect(build.status == 65, "\(build.stderr)")
        #expect(build.stderr.contains("ride 1 could not be read completely and is not on \(image); the 1 other ride is"), "\(build.stderr)")
        #expect(build.stdout.contains("\(image): 1 ride on the drive"), "\(build.stdout)")
        let dump = try CLIRunner.run(["dump", "--db", db, "--all", "--format", "gpx", "--out", dir.appendingPathComponent("out").path + "/"])
        #expect(dump.status == build.status, "drive-image and dump disagree: \(dump.stderr)")
        #expect(build.stderr.contains("left out, the database is damaged there ('roam-board check' says more): ride 1"), "\(build.stderr)")
        #expect(try DriveProbe.rideIDs(image) == [2])
        let readme = try DriveProbe.readme(image)
        #expect(readme.contains("the board's database is damaged where they are stored:\r\n  ride 1\r\n"), "\(readme)")
        let fsck = try DriveProbe.fsck(image)
        #expect(fsck.status == 0, "\(fsck.out)")
        // Nothing changed: no second attempt.
        let again = try CLIRunner.run(["drive-image", "--db", db, "--image", image])
        #expect(again.status == 65 && !again.stderr.contains("built"), "\(again.stderr)")
        #expect(again.stderr.contains("ride 1 could not be read completely"), "\(again.stderr)")
    }

    /// A tool that fails names the drive image being built, never its working file (`.new`), even
    /// where its own message names that file, and says what to check. It said "mcopy failed to copy
    /// the rides into /…/drive.img.new (exit 1: Can't open /…/drive.img.new: …)".
    @Test func aFailingToolIsSaidInARidersTerms() throws {
        let (dir, db) = try UpgradeTests.card("pipeline6-interrupted.sqlite")
        defer { try? FileManager.default.removeItem(at: dir) }
        try SQLiteConnection(path: db, mode: .readWrite).execute("UPDATE rides SET state = 'stopped' WHERE id = 1")
        let tools = try DriveProbe.mcopyWrapper(in: dir, before: "echo \"Can't open $2: No space left on device\" >&2; exit 1")
        let image = dir.appendingPathComponent("drive.img").path
        let build = try TrialChild(TrialPaths.binary, ["drive-image", "--db", db, "--image", image], environment: ["ROAM_DRIVE_TOOLS": tools.path])
        #expect(build.finish() == 74, "\(build.stderrLines)")
        let said = build.stderrLines.joined(separator: "\n")
        #expect(said.contains("cannot copy the rides into the drive image being built: mcopy ended with exit status 1 (mcopy said: \"Can't open "
                              + "the drive image being built: No space left on device\"); check the free room on \(dir.path) and the storage's errors ('dmesg')"),
                "\(said)")
        #expect(!said.contains(".new") && !said.contains(".next") && !said.contains(".spare"), "\(said)")
    }
}
