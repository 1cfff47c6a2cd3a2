import Foundation
@testable import RoamRig
import Testing

/// `selftest`'s USB lines, on a folder laid out like `/`: who holds each USB device controller. Another
/// gadget holding it (g_ether for SSH over USB, a configfs gadget) is a note that names it and how to
/// free it, never a failure: recording does not need the rides' drive.
@Suite struct USBGadgetCheckTests {
    func lines(_ root: FakeRoot) -> [String] { USBGadgetCheck.results(root: root.path).map(\.description) }

    @Test func gEtherHoldingTheControllerIsANoteWithWhereItIsLoaded() throws {
        let root = try FakeRoot()
        try root.write("sys/class/udc/3f980000.usb/function", "g_ether\n")
        try root.write("boot/firmware/cmdline.txt", "console=tty1 root=PARTUUID=1-02 rootwait modules-load=dwc2,g_ether\n")
        try root.write("etc/modules", "# loaded at boot\ni2c-dev\n")
        #expect(lines(root) == ["NOTE usb 3f980000.usb: held by the gadget module g_ether, so the rides' USB drive cannot bind it "
            + "while it does (recording is unaffected). To free it: sudo rmmod g_ether (a login over that USB link ends with it), "
            + "and remove g_ether from 'modules-load=dwc2,g_ether' in /boot/firmware/cmdline.txt so that a reboot leaves it free."])
        // Loaded from /etc/modules instead: that file is named.
        try root.write("boot/firmware/cmdline.txt", "console=tty1 rootwait\n")
        try root.write("etc/modules", "i2c-dev\ng_ether\n")
        #expect(lines(root).first?.hasSuffix("and remove the line 'g_ether' from /etc/modules so that a reboot leaves it free.") == true)
        // Found nowhere: where to look.
        try root.write("etc/modules", "i2c-dev\n")
        #expect(lines(root).first?.hasSuffix("and remove it from what loads it at boot (modules-load= in /boot/firmware/cmdline.txt, "
            + "/etc/modules, /etc/modules-load.d/, /run/modules-load.d/, /usr/local/lib/modules-load.d/, /usr/lib/modules-load.d/).") == true)
    }

    @Test func aConfigfsGadgetHoldingTheControllerIsNamedWithItsUDCFile() throws {
        let root = try FakeRoot()
        try root.write("sys/class/udc/fe980000.usb/function", "usb-ssh\n")
        try root.write("sys/kernel/config/usb_gadget/usb-ssh/UDC", "fe980000.usb\n")
        try root.write("sys/kernel/config/usb_gadget/roam-board/UDC", "\n")
        let held = "NOTE usb fe980000.usb: held by the configfs gadget 'usb-ssh', so the rides' USB drive cannot bind it while it "
            + "does (recording is unaffected). To free it: echo '' | sudo tee /sys/kernel/config/usb_gadget/usb-ssh/UDC, and stop "
            + "what sets that gadget up at boot (a unit or script writing its UDC)."
        #expect(lines(root) == [held])
        // A kernel without the function file: the gadget whose UDC names the controller.
        try FileManager.default.removeItem(atPath: root.path + "/sys/class/udc/fe980000.usb/function")
        #expect(lines(root) == [held])
    }

    @Test func aFreeControllerOrTheDrivesOwnGadgetIsOK() throws {
        let root = try FakeRoot()
        try root.write("sys/class/udc/dummy_udc.0/function", "\n")
        try root.write("sys/class/udc/dummy_udc.1/function", "roam-board\n")
        try root.write("sys/kernel/config/usb_gadget/roam-board/UDC", "dummy_udc.1\n")
        #expect(lines(root) == ["OK   usb dummy_udc.0: free; the rides' USB drive binds it when roam-board-drive runs",
                                "OK   usb dummy_udc.1: held by the rides' USB drive (gadget roam-board)"])
    }

    /// Not a Pi (no dwc2 to name): the note says only what is missing. A Pi's: BootConfigChecksTests.
    @Test func noControllerIsANote() throws {
        let root = try FakeRoot()
        #expect(lines(root) == ["NOTE usb: no USB device controller (/sys/class/udc is empty), so the rides' USB drive cannot start "
            + "(recording is unaffected)."])
    }

    /// selftest's exit status counts the lines that are not OK (SelftestCommand): another gadget
    /// holding the controller adds none, so a board whose devices are all fine exits 0. Here the
    /// devices are missing; their failures are the same whether g_ether holds the controller or not.
    @Test func anotherGadgetAddsNoFailureToSelftest() throws {
        // The rig tests' board: a UART, I2C bus and GPIO chip this machine lacks.
        let profile = try HardwareRigTests().profile(uart: "/dev/ttyAMA77")
        let root = try FakeRoot()
        try root.write("sys/class/udc/3f980000.usb/function", "\n")
        let selftest = { BoardSelfTest.run(profile: profile, dataDir: NSTemporaryDirectory(), listenMs: 10, sysRoot: root.path) }
        let withTheControllerFree = selftest().filter { !$0.isOK }
        #expect(!withTheControllerFree.isEmpty)
        try root.write("sys/class/udc/3f980000.usb/function", "g_ether\n")
        let results = selftest()
        #expect(results.filter { !$0.isOK } == withTheControllerFree, "\(results)")
        #expect(results.filter { $0.device.hasPrefix("usb") }.map(\.isNote) == [true])
    }
}
