import Foundation
import Glibc
import RoamTestSupport
import Testing

/// The record of which image the drive serves (`<image>.served`) spares a restarted keeper a
/// re-point of an unchanged image; one the card refuses is said in words, once as written and once
/// as read back, and the drive is served all the same.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveServedRecordTests {
    @Test func aServedRecordThatCannotBeKeptIsSaidOnceInWords() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-served-unkept")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.recordBenchRide(rig.db)
        let build = try CLIRunner.run(["drive-image", "--db", rig.db])
        #expect(build.status == 0, "\(build.stderr)")
        // A folder where the record goes: its rename over it fails (EISDIR), as a write on a full card does.
        let served = rig.image + ".served"
        #expect(mkdir(served, 0o755) == 0)
        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with 1 ride"), "\(keeper.stderrLines)")
        let said = keeper.stderrLines.filter { $0.contains(served) }
        #expect(said == [                         "drive: cannot write \(served): it is a folder, not a file: give a file name; until it can be written, "
                         + "a restarted keeper points the drive at the image again although it did not change",
                         "drive: cannot read \(served): it is a folder, not a file: give a file name; the drive is taken as serving "
                         + "an unknown image and pointed at the current one again"], "\(keeper.stderrLines)")
        #expect(rig.attribute(rig.lun.appendingPathComponent("file")) == rig.image)
    }

    /// The rides on an image offered are read back from it; one that cannot be read is said with its
    /// cause, never "offering … with 0 rides" (as if it held none).
    @Test func ridesThatCannotBeReadBackAtAnOfferAreSaidWithTheirCause() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-served-unread")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.recordBenchRide(rig.db)
        #expect(try CLIRunner.run(["drive-image", "--db", rig.db]).status == 0)
        let setup = try CLIRunner.run(["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path, "--setup-only"])
        #expect(setup.status == 0, "\(setup.stderr)")
        // A record of another file (an image of before): the keeper points the drive at this one and reads its rides back.
        try Data("1\n".utf8).write(to: URL(fileURLWithPath: rig.image + ".served"))
        // mdir lists the rides at the keeper's start, then fails: the read back at the offer meets a failing card.
        let marker = rig.dir.appendingPathComponent("listed").path
        let real = try #require(TrialPaths.tool("mdir")).path
        let tools = try DriveProbe.toolScript(in: rig.dir, "mdir", """
            case "$*" in *::/Rides*) if [ -e '\(marker)' ]; then echo "mdir: read error" >&2; exit 1; fi; touch '\(marker)';; esac
            exec '\(real)' "$@"
            """)
        let keeper = try TrialChild(TrialPaths.binary, ["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path,
                                                        "--poll-ms", "50"], environment: ["ROAM_DRIVE_TOOLS": tools.path])
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image)"), "\(keeper.stderrLines)")
        #expect(keeper.stderrLines.contains { $0.hasPrefix("drive: the drive image \(rig.image) is corrupt or not one roam-board built (")
                                              && $0.hasSuffix("it is offered all the same, but no ride on it is marked handed over until the next image") },
                "\(keeper.stderrLines)")
        #expect(!keeper.stderrLines.contains { $0.contains("with 0 rides") }, "\(keeper.stderrLines)")
    }
}
