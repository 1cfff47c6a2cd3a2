import Foundation
import Glibc
import RoamTestSupport
import Testing

/// Another gadget holds the USB device controller (g_ether, loaded at boot by Raspberry Pi OS's USB
/// Gadget mode): the unit's setup sets the drive up all the same, unbound, says who holds the
/// controller and how to free it, and exits 0; the keeper waits, takes no plug of that gadget's
/// host for its own (no ride marked handed over), and binds the controller once it is free.
@Suite(.serialized, .needs(DriveProbe.isAvailable, DriveProbe.skipReason))
struct DriveControllerHeldTests {
    @Test func gEtherOnTheControllerIsWaitedForNotTakenForAPlug() throws {
        let rig = try DriveGadgetTests.Rig.make("drive-held")
        defer { TrialPaths.remove(rig.dir) }
        let function = rig.root.appendingPathComponent("sys/class/udc/dummy_udc.0/function")
        try Data("g_ether\n".utf8).write(to: function)
        // rpi-usb-gadget on: g_ether in /etc/modules-load.d/usb-gadget.conf.
        let conf = rig.root.appendingPathComponent("etc/modules-load.d/usb-gadget.conf")
        try FileManager.default.createDirectory(at: conf.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("g_ether\n".utf8).write(to: conf)
        let tool = rig.root.appendingPathComponent("usr/bin/rpi-usb-gadget")
        try FileManager.default.createDirectory(at: tool.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: tool)
        let first = try DriveProbe.recordBenchRide(rig.db)

        let setup = try CLIRunner.run(["drive", "--board", "Boards/bench", "--db", rig.db, "--sys-root", rig.root.path, "--setup-only", "--owner", "\(getuid()):\(getgid())"])
        #expect(setup.status == 0, "\(setup.stdout) \(setup.stderr)")
        #expect(setup.stdout.contains("not bound: USB device controller dummy_udc.0 is held by the gadget module g_ether, so the rides' USB drive "
            + "cannot bind it while it does (recording is unaffected). To free it: sudo rmmod g_ether"), "\(setup.stdout)")
        #expect(setup.stdout.contains("turn off Raspberry Pi OS's USB Gadget mode, which loads it from /etc/modules-load.d/usb-gadget.conf: "
            + "sudo rpi-usb-gadget off"), "\(setup.stdout)")
        #expect(!setup.stdout.contains("the host holds the drive"), "\(setup.stdout)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "", "bound to a controller g_ether holds")
        #expect(rig.attribute(rig.lun.appendingPathComponent("ro")) == "1")

        let keeper = try rig.keeper()
        defer { keeper.kill() }
        #expect(keeper.waitForStderr(containing: "drive: USB device controller dummy_udc.0 is held by the gadget module g_ether"), "\(keeper.stderrLines)")
        // g_ether's host configures g_ether, not the drive; a new ride is built and offered meanwhile.
        try rig.cable("configured")
        let second = try DriveProbe.recordBenchRide(rig.db)
        #expect(keeper.waitForStderr(containing: "drive: \(rig.image) with 2 rides is ready; offered once dummy_udc.0 is free", timeoutS: 300),
                "\(keeper.stderrLines)")
        #expect(!keeper.stderrLines.contains { $0.contains("a host has the drive") }, "\(keeper.stderrLines)")
        // Nothing is offered while g_ether holds the controller: the held line says what happens.
        #expect(!keeper.stderrLines.contains { $0.contains("drive: offering") }, "offered while held: \(keeper.stderrLines)")
        let whileHeld = try rig.dumped()
        #expect(whileHeld[first] == .some(nil) && whileHeld[second] == .some(nil), "marked handed over through g_ether's host")
        #expect(keeper.stderrLines.filter { $0.contains("is held by") }.count == 1, "said more than once: \(keeper.stderrLines)")

        // sudo rmmod g_ether: the controller is free; the keeper binds it, and the host that now
        // configures the drive takes the rides.
        try Data("\n".utf8).write(to: function)
        #expect(keeper.waitForStderr(containing: "drive: dummy_udc.0 is free now: gadget bound"), "\(keeper.stderrLines)")
        #expect(rig.attribute(rig.gadget.appendingPathComponent("UDC")) == "dummy_udc.0")
        #expect(keeper.waitForStderr(containing: "drive: offering \(rig.image) on dummy_udc.0"), "\(keeper.stderrLines)")
        #expect(keeper.stderrLines.filter { $0.contains("drive: offering") }.count == 1, "\(keeper.stderrLines)")
        #expect(keeper.waitForStderr(containing: "drive: a host has the drive: handed over rides "), "\(keeper.stderrLines)")
        let afterBinding = try rig.dumped()
        #expect((afterBinding[first] ?? nil) != nil && (afterBinding[second] ?? nil) != nil, "\(afterBinding)")
    }
}
