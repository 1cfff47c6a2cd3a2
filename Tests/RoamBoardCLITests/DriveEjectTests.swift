import Foundation
import Glibc
import RoamTestSupport
import Testing

/// A computer's "Eject" closes the LUN's file in the kernel (f_mass_storage's do_start_stop: a
/// START STOP UNIT with LoEj on a removable LUN calls fsg_lun_close), so `lun.0/file` reads empty
/// while the controller stays `configured`. The keeper says so once, leaves the host that ejected
/// the drive alone, and points the LUN at the image again at the next departure from
/// `configured`, or at once when no host has it configured.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveEjectTests {
    /// What the kernel shows once the host ejected the medium: an empty `file` attribute.
    static func eject(_ rig: DriveGadgetTests.Rig) throws {
        try Data().write(to: rig.lun.appendingPathComponent("file"))
    }

    static func offers(_ keeper: TrialChild, _ rig: DriveGadgetTests.Rig) -> Int {
        keeper.stderrLines.filter { $0.hasPrefix("drive: offering \(rig.image) with 1 ride") }.count
    }

    @Test func anEjectedDriveIsOfferedAgainAfterTheUnplugAndAtOnceWithNoHost() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-eject")
        defer { TrialPaths.remove(rig.dir) }
        let id = try DriveProbe.recordBenchRide(rig.db)
        let keeper = try rig.keeper()
        defer { keeper.kill() }
        let medium = rig.lun.appendingPathComponent("file")
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0"), "\(keeper.stderrLines)")
        #expect(Self.offers(keeper, rig) == 1, "\(keeper.stderrLines)")
        try rig.cable("configured")
        #expect(keeper.waitForStderr(containing: "handed over ride \(id)"), "\(keeper.stderrLines)")

        // The host ejects the drive and stays configured: said once, and nothing is put back under it.
        try Self.eject(rig)
        #expect(keeper.waitForStderr(containing: "drive: the computer ejected the drive", timeoutS: 60), "\(keeper.stderrLines)")
        #expect(rig.attribute(medium) == "", "the drive was put back under the host that ejected it: \(keeper.stderrLines)")
        #expect(Self.offers(keeper, rig) == 1, "\(keeper.stderrLines)")

        // Unplugged: the same image is offered again, and the next plug-in finds it.
        try rig.cable("not attached")
        #expect(keeper.wait(timeoutS: 60) { _, err in err.filter { $0.hasPrefix("drive: offering \(rig.image) with 1 ride") }.count == 2 },
                "\(keeper.stderrLines)")
        #expect(rig.attribute(medium) == rig.image)
        try rig.cable("configured")
        #expect(keeper.waitForStderr(containing: "every ride on it was handed over already"), "\(keeper.stderrLines)")
        #expect(keeper.stderrLines.filter { $0.hasPrefix("drive: the computer ejected the drive") }.count == 1, "\(keeper.stderrLines)")

        // Ejected while no host has the drive configured: offered again at once.
        try rig.cable("not attached")
        #expect(keeper.waitForStderr(containing: "USB state not attached"), "\(keeper.stderrLines)")
        try Self.eject(rig)
        #expect(keeper.wait(timeoutS: 60) { _, err in err.filter { $0.hasPrefix("drive: offering \(rig.image) with 1 ride") }.count == 3 },
                "\(keeper.stderrLines)")
        #expect(rig.attribute(medium) == rig.image)
        #expect(keeper.stderrLines.contains("drive: the drive was ejected (\(medium.path) reads empty): offering it again"), "\(keeper.stderrLines)")
    }
}
