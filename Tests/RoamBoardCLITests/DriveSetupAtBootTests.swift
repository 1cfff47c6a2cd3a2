import Foundation
import Glibc
import RoamTestSupport
import Testing

/// The cable in at boot (a Pi Zero 2 W powered by the computer): a host configures the drive the
/// moment the gadget is bound and keeps what it found until the unplug, which cuts that board's
/// power. So the set-up binds at once only an image that holds the rides as they are; with a ride
/// stopped since the image was made, it leaves the binding to the keeper, which binds once its
/// first build is in: the first drive a host sees holds every stopped ride.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveSetupAtBootTests {
    static func setup(_ rig: DriveGadgetTests.Rig) throws -> CLIRunner.Result {
        try CLIRunner.run(["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path,
                           "--setup-only", "--owner", "\(getuid()):\(getgid())"])
    }

    @Test func aRideStoppedSinceTheImageWasMadeIsOnTheFirstDriveAHostSees() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-boot-stale")
        defer { TrialPaths.remove(rig.dir) }
        let first = try DriveProbe.recordBenchRide(rig.db)
        #expect(try CLIRunner.run(["drive-image", "--db", rig.db]).status == 0)
        // Stopped just before the power went: not on the image the board boots with.
        let second = try DriveProbe.recordBenchRide(rig.db)
        try rig.cable("configured")

        let setup = try Self.setup(rig)
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) ?? "" == "", "bound before the rides were on the image: \(setup.stdout)")
        #expect(setup.stdout.contains("not bound yet: \(rig.image) does not hold every stopped ride; the drive keeper binds dummy_udc.0"), "\(setup.stdout)")

        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: a host has the drive:", timeoutS: 300), "\(keeper.stderrLines)")
        // Both at the first plug-in: the host never had a drive without the second ride.
        let handedOver = keeper.stderrLines.filter { $0.hasPrefix("drive: a host has the drive:") }
        #expect(handedOver == ["drive: a host has the drive: handed over rides \(second), \(first)"]
                || handedOver == ["drive: a host has the drive: handed over rides \(first), \(second)"], "\(keeper.stderrLines)")
        let dumped = try rig.dumped()
        #expect(dumped[first] ?? nil != nil && dumped[second] ?? nil != nil, "\(dumped)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "dummy_udc.0")
        #expect(try DriveProbe.rideIDs(rig.image) == [first, second])
        // Built, then offered, then bound: the lines in that order.
        let lines = keeper.stderrLines
        let built = lines.firstIndex { $0.hasPrefix("drive: built the drive image for the next plug-in: 2 rides,") }
        let offered = lines.firstIndex { $0.hasPrefix("drive: offering \(rig.image) with 2 rides") }
        let bound = lines.firstIndex { $0 == "drive: offering \(rig.image) on dummy_udc.0" }
        #expect(built != nil && offered != nil && bound != nil && built! < offered! && offered! < bound!, "\(lines)")
    }

    @Test func anImageHoldingTheRidesAsTheyAreIsBoundAtOnce() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-boot-current")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.recordBenchRide(rig.db)
        #expect(try CLIRunner.run(["drive-image", "--db", rig.db]).status == 0)
        try rig.cable("configured")
        let setup = try Self.setup(rig)
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(setup.stdout.contains("bound to dummy_udc.0, medium \(rig.image)"), "\(setup.stdout)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "dummy_udc.0")
    }

    /// Every stopped ride on the image, made by another build or in other units (an upgrade, a new
    /// time_zone or units: every ride's files differ): bound at once, not after the keeper rebuilt
    /// every ride (minutes on a Zero 2 W with no drive on the computer); the keeper restyles it later.
    @Test func anImageOfTheSameRidesInAnotherStyleIsBoundAtOnce() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-boot-restyle")
        defer { TrialPaths.remove(rig.dir) }
        try DriveProbe.recordBenchRide(rig.db)
        let imperial = rig.dir.appendingPathComponent("imperial-board")
        try FileManager.default.createDirectory(at: imperial, withIntermediateDirectories: true)
        let bench = try String(contentsOfFile: "Boards/bench/board.conf", encoding: .utf8)
        try (bench.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("units") }.joined(separator: "\n")
             + "\nunits = imperial\n").write(to: imperial.appendingPathComponent("board.conf"), atomically: true, encoding: .utf8)
        let built = try CLIRunner.run(["drive-image", "--db", rig.db, "--board", imperial.path])
        #expect(built.status == 0, "\(built.stderr)")
        try rig.cable("configured")
        let setup = try Self.setup(rig)
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(setup.stdout.contains("bound to dummy_udc.0, medium \(rig.image)"), "\(setup.stdout)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "dummy_udc.0")
    }
}
