import Foundation
import Glibc
import Testing

/// The record of which image the drive serves (`<image>.served`) spares a restarted keeper a
/// re-point of an unchanged image; one the card refuses is said in words, once, and the drive is
/// served all the same.
@Suite(.serialized, .enabled(if: DriveProbe.isAvailable, DriveProbe.skipReason))
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
        #expect(said == ["drive: cannot write \(served): it is a folder, not a file: give a file name; until it can be written, "
                         + "a restarted keeper points the drive at the image again although it did not change"], "\(keeper.stderrLines)")
        #expect(rig.attribute(rig.lun.appendingPathComponent("file")) == rig.image)
    }
}
