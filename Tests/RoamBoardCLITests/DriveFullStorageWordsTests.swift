import Foundation
import Glibc
import RoamTestSupport
import Testing
import RoamCore

/// A card that fills up in the middle of a build (a real 100 MiB tmpfs, filled by `dd` right after
/// the last copy into the image, so the manifest beside it is refused with ENOSPC) is said in plain
/// words, never as strerror's text with a code ("[ENOSPC 28]"), by `drive-image` and by the keeper
/// (`drive`); and the message says whether an earlier image is kept or none was made.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveFullStorageWordsTests {
    /// An `mcopy` that, when it copies README.txt (the last copy of a build), runs and then fills `mount`.
    static func fillingMcopy(in dir: URL, mount: URL) throws -> URL {
        let real = try #require(TrialPaths.tool("mcopy")).path
        let filler = mount.appendingPathComponent("filler").path
        return try DriveProbe.mcopyWrapper(in: dir, before: """
            case "$*" in *README.txt*) '\(real)' "$@" || exit $?; dd if=/dev/zero of='\(filler)' bs=1M 2>/dev/null; exit 0 ;; esac
            """)
    }

    /// Words, not a code: "no space left on device (the storage is full)" and no "[E… nn]"; the
    /// manifest refused is said as what it is and what to check, never its path in `.manifests`.
    static func expectPlainWords(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains("cannot save the list of what the drive image being built holds: no space left on device (the storage "
                              + "is full); check the free room on "), "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains(" and the storage's errors ('dmesg'); "), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains(".manifests") && !text.contains(".new"), "\(text)", sourceLocation: sourceLocation)
        #expect(text.firstMatch(of: /\[E[A-Z]+ [0-9]+\]/) == nil, "a raw errno: \(text)", sourceLocation: sourceLocation)
    }

    /// `drive-image` with the filling tools: exit 74 and the failure in words; what it said.
    static func failingBuild(_ db: String, tools: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let build = try TrialChild(TrialPaths.binary, ["drive-image", "--db", db], environment: tools)
        #expect(build.finish() == 74, "\(build.stderrLines)", sourceLocation: sourceLocation)
        let said = build.stderrLines.joined(separator: "\n")
        expectPlainWords(said, sourceLocation: sourceLocation)
        return said
    }

    @Test(.needs(geteuid() == 0, "mounting a small tmpfs needs root"))
    func driveImageOnAFullCardSaysItInWords() throws {
        try DriveProbe.onSmallCard("drive-full-words") { dir, mountPoint in try driveImageOnAFullCard(dir, mountPoint) }
    }

    private func driveImageOnAFullCard(_ dir: URL, _ mountPoint: URL) throws {
        let db = mountPoint.appendingPathComponent("rides.db").path
        let filler = mountPoint.appendingPathComponent("filler").path
        let filling = ["ROAM_DRIVE_TOOLS": try Self.fillingMcopy(in: dir, mount: mountPoint).path]
        // Stored, not recorded live: a ride a loaded bench rig leaves unstopped changes nothing to build.
        try DriveProbe.storeRide(db)

        // A first build: no image before it, so none is kept.
        let firstSaid = try Self.failingBuild(db, tools: filling)
        #expect(firstSaid.contains("no drive image was made") && !firstSaid.contains("previous image is kept"), "\(firstSaid)")

        // Room again: an image is built, and its README says the room left in MiB, as the options do.
        #expect(unlink(filler) == 0)
        let built = try CLIRunner.run(["drive-image", "--db", db])
        #expect(built.status == 0, "\(built.stderr)")
        let readme = try DriveProbe.readme(mountPoint.appendingPathComponent("drive.img").path)
        #expect(readme.firstMatch(of: /Storage left on the board: [0-9]+(\.[0-9])? MiB free\./) != nil, "\(readme)")

        // A second ride, the card full again: the image built before is kept, and said to be.
        try DriveProbe.storeRide(db, day: 1)
        let secondSaid = try Self.failingBuild(db, tools: filling)
        #expect(secondSaid.contains("the previous image is kept") && !secondSaid.contains("no drive image was made"), "\(secondSaid)")
    }

    /// The keeper (`drive`) says the same failure in the same words, once, and goes on.
    @Test(.needs(geteuid() == 0, "mounting a small tmpfs needs root"))
    func theKeeperOnAFullCardSaysItInWords() throws {
        try DriveProbe.onSmallCard("drive-full-words-keeper") { dir, mountPoint in try keeperOnAFullCard(dir, mountPoint) }
    }

    private func keeperOnAFullCard(_ dir: URL, _ mountPoint: URL) throws {
        let rig = try DriveGadgetTests.Rig.make(in: mountPoint)
        try DriveProbe.storeRide(rig.db)
        let tools = try Self.fillingMcopy(in: dir, mount: mountPoint)
        let keeper = try TrialChild(TrialPaths.binary, ["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path,
                                                        "--poll-ms", "50"], environment: ["ROAM_DRIVE_TOOLS": tools.path])
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0"), "the keeper stopped: \(keeper.stderrLines)")
        let failures = keeper.stderrLines.filter { $0.contains("tried again when the rides change") }
        #expect(failures.count == 1, "\(keeper.stderrLines)")
        Self.expectPlainWords(failures.joined())
        #expect(failures.joined().contains("no drive image was made"), "\(failures)")
        #expect(keeper.process.isRunning)
    }
}
