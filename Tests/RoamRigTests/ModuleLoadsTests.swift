import Foundation
@testable import RoamRig
import Testing

/// Where g_ether is loaded at boot, as systemd-modules-load reads it (modules-load.d(5)): every
/// folder (/etc, /run, /usr/local/lib, /usr/lib), a file in /etc hiding the same name further down,
/// one linked to /dev/null loading nothing. selftest's note names the file that is read, with what
/// to do for its kind: a package's file is replaced from /etc, never edited.
@Suite struct ModuleLoadsTests {
    func note(_ root: FakeRoot) -> String { USBGadgetCheck.results(root: root.path).first?.description ?? "" }

    func heldRoot() throws -> FakeRoot {
        let root = try FakeRoot()
        try root.write("sys/class/udc/3f980000.usb/function", "g_ether\n")
        try root.write("boot/firmware/cmdline.txt", "console=tty1 rootwait\n")
        return root
    }

    @Test func aPackagesFileInUsrLibIsNamedAndMaskedFromEtc() throws {
        let root = try heldRoot()
        try root.write("usr/lib/modules-load.d/usb-gadget.conf", "g_ether\n")
        #expect(note(root).hasSuffix("and mask /usr/lib/modules-load.d/usb-gadget.conf, whose package would undo an edit: "
            + "sudo ln -s /dev/null /etc/modules-load.d/usb-gadget.conf so that a reboot leaves it free."), "\(note(root))")
        // Masked already: that file loads nothing, so it is not named.
        try root.link("etc/modules-load.d/usb-gadget.conf", to: "/dev/null")
        #expect(note(root).hasSuffix("and remove it from what loads it at boot (modules-load= in /boot/firmware/cmdline.txt, /etc/modules, "
            + "/etc/modules-load.d/, /run/modules-load.d/, /usr/local/lib/modules-load.d/, /usr/lib/modules-load.d/)."), "\(note(root))")
    }

    @Test func aFileInEtcHidesTheSameNameFurtherDown() throws {
        let root = try heldRoot()
        try root.write("usr/lib/modules-load.d/gadget.conf", "g_ether\n")
        try root.write("etc/modules-load.d/gadget.conf", "i2c-dev\n")
        try root.write("usr/local/lib/modules-load.d/usb.conf", "# SSH over USB\nlibcomposite\ng_ether\n")
        // Only the file that is read; one that loads other modules too is copied without the line.
        #expect(note(root).hasSuffix("and put a copy of /usr/local/lib/modules-load.d/usb.conf without the line 'g_ether' at "
            + "/etc/modules-load.d/usb.conf (it replaces that file, whose package would undo an edit) so that a reboot leaves it free."), "\(note(root))")
        #expect(!note(root).contains("gadget.conf"), "\(note(root))")
    }

    /// rpi-usb-gadget (Raspberry Pi Imager's "USB Gadget mode") writes /etc/modules-load.d/usb-gadget.conf;
    /// its `off` deletes the file and the dwc2 line the drive needs.
    @Test func raspberryPiOSGadgetModeIsTurnedOffWithItsTool() throws {
        let root = try heldRoot()
        try root.write("etc/modules-load.d/usb-gadget.conf", "g_ether\n")
        try root.write("usr/bin/rpi-usb-gadget", "#!/bin/sh\n")
        #expect(note(root).hasSuffix("and turn off Raspberry Pi OS's USB Gadget mode, which loads it from /etc/modules-load.d/usb-gadget.conf: "
            + "sudo rpi-usb-gadget off (it also deletes the line dtoverlay=dwc2,dr_mode=peripheral from config.txt: add that line again, "
            + "as usb.md says) so that a reboot leaves it free."), "\(note(root))")
    }

    /// Debian links /etc/modules-load.d/modules.conf to ../modules: one file, named once.
    @Test func debiansModulesConfIsEtcModules() throws {
        let root = try heldRoot()
        try root.write("etc/modules", "g_ether\n")
        try root.link("etc/modules-load.d/modules.conf", to: "../modules")
        #expect(note(root).hasSuffix(": sudo rmmod g_ether (a login over that USB link ends with it), and remove the line 'g_ether' "
            + "from /etc/modules so that a reboot leaves it free."), "\(note(root))")
    }
}
