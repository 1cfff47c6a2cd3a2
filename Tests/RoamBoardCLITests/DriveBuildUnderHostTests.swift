import Foundation
import Glibc
import RoamTestSupport
import Testing

/// A computer that configures the drive while an image is being built keeps the medium it found
/// until it is unplugged: the build is held in a wrapper in front of the real mcopy while the
/// cable changes, at the keeper's start and while it follows the cable.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveBuildUnderHostTests {
    /// `mcopy` that, for the calls that fill `<image>.new`, waits while `hold` exists (saying so
    /// with `held`); every other call goes straight to Debian's mcopy.
    static func holdingMcopy(in dir: URL, hold: URL, held: URL) throws -> URL {
        try DriveProbe.mcopyWrapper(in: dir, before: """
            case "$*" in *drive.img.new*)
                if [ -e '\(hold.path)' ]; then : > '\(held.path)'; while [ -e '\(hold.path)' ]; do sleep 0.05; done; rm -f '\(held.path)'; fi;;
            esac
            """)
    }

    static func waitFor(_ file: URL, timeoutS: Double = 300) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeoutS)
        while !FileManager.default.fileExists(atPath: file.path) && Date() < deadline { usleep(20_000) }
        return FileManager.default.fileExists(atPath: file.path)
    }

    @Test func aHostThatConfiguredDuringABuildKeepsItsMediumUntilUnplug() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-under-host")
        defer { TrialPaths.remove(rig.dir) }
        let first = try DriveProbe.recordBenchRide(rig.db)
        #expect(try CLIRunner.run(["drive-image", "--db", rig.db]).status == 0)
        // Set up and bound by the unit's set-up while the image held every ride (a gadget left
        // unbound is bound only after the keeper's first build: DriveSetupAtBootTests); ride 2
        // stops before the keeper starts, as across a restart of the unit.
        let setup = try CLIRunner.run(["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path, "--setup-only"])
        #expect(setup.status == 0 && rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "dummy_udc.0", "\(setup.stdout) \(setup.stderr)")
        let second = try DriveProbe.recordBenchRide(rig.db)
        let hold = rig.dir.appendingPathComponent("hold"), held = rig.dir.appendingPathComponent("held")
        let tools = try Self.holdingMcopy(in: rig.dir, hold: hold, held: held)
        let medium = rig.lun.appendingPathComponent("file")

        // At start: the gadget serves the image of ride 1, bound; the build of both is held.
        try Data().write(to: hold)
        let keeper = try TrialChild(TrialPaths.binary, ["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path,
                                                        "--poll-ms", "50"], environment: ["ROAM_DRIVE_TOOLS": tools.path])
        defer { keeper.kill() }
        try #require(Self.waitFor(held), "the build never reached mcopy: \(keeper.stderrLines)")
        let pointed = try rig.modified(medium)
        try rig.cable("configured")
        try FileManager.default.removeItem(at: hold)
        #expect(keeper.wait(timeoutS: 300) { _, err in err.contains { $0.hasSuffix("handed over ride \(first)") } }, "\(keeper.stderrLines)")
        #expect(keeper.stderrLines.contains { $0.hasPrefix("drive: built the drive image for the next plug-in: 2 rides,") }, "\(keeper.stderrLines)")
        #expect(try rig.modified(medium) == pointed, "the medium was re-pointed under the host: \(keeper.stderrLines)")
        #expect(try rig.dumped()[second] == .some(nil), "ride \(second) is not on the medium the host has")
        try rig.cable("not attached")
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with 2 rides"), "\(keeper.stderrLines)")
        let offered = try rig.modified(medium)
        #expect(offered != pointed)

        // Following the cable: a third ride's build is held, the host comes meanwhile.
        try Data().write(to: hold)
        let third = try DriveProbe.recordBenchRide(rig.db)
        try #require(Self.waitFor(held), "the build never reached mcopy: \(keeper.stderrLines)")
        try rig.cable("configured")
        try FileManager.default.removeItem(at: hold)
        #expect(keeper.wait(timeoutS: 300) { _, err in err.contains { $0.hasSuffix("handed over ride \(second)") } }, "\(keeper.stderrLines)")
        #expect(keeper.stderrLines.contains { $0.hasPrefix("drive: built the drive image for the next plug-in: 3 rides,") }, "\(keeper.stderrLines)")
        #expect(try rig.modified(medium) == offered, "the medium was re-pointed under the host: \(keeper.stderrLines)")
        #expect(try rig.dumped()[third] == .some(nil))
        try rig.cable("not attached")
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) with 3 rides"), "\(keeper.stderrLines)")
        #expect(try DriveProbe.rideIDs(rig.image) == [first, second, third])
    }
}
