import Foundation
@testable import RoamRig
import Testing

/// `selftest`'s checks of the system around the devices, against a folder of real files standing
/// for `/` (kernel command line, systemd wants links, /dev links, /sys/class).
@Suite struct BoardSystemChecksTests {
    @Test func aKernelConsoleOnTheUARTIsNamedWithTheLineToRemove() throws {
        let root = try FakeRoot()
        try root.write("proc/cmdline", "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait\n")
        try root.link("dev/serial0", to: "ttyAMA0")
        let result = try #require(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path))
        #expect(!result.isOK)
        #expect(result.message == "the kernel console writes to it (the kernel command line names it). Remove 'console=serial0,115200' from /boot/firmware/cmdline.txt "
            + "(or sudo raspi-config → Interface Options → Serial Port: login shell no, hardware yes) and reboot.")
    }

    /// A Pi left with `console=serial0,115200` in cmdline.txt: the firmware hands it to the kernel as
    /// ttyAMA0, the kernel lists the console as active there, and the words name the file's own entry.
    @Test func anActiveConsoleOnTheUARTNamesTheEntryInCmdlineTxt() throws {
        let root = try FakeRoot()
        try root.write("sys/class/tty/console/active", "tty1 ttyAMA0\n")
        try root.write("proc/cmdline", "coherent_pool=1M console=ttyAMA0,115200 console=tty1 root=PARTUUID=1234-02\n")
        try root.write("boot/firmware/cmdline.txt", "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait\n")
        try root.link("dev/serial0", to: "ttyAMA0")
        for uart in ["/dev/ttyAMA0", "/dev/serial0"] {
            let result = try #require(BoardSystemChecks.serialConsole(uart: uart, root: root.path))
            #expect(!result.isOK)
            #expect(result.message == "the kernel console is on it (/sys/class/tty/console/active lists tty1 ttyAMA0): the kernel writes "
                + "its messages into the receiver and systemd starts a login getty (serial-getty@ttyAMA0) that reads the receiver's bytes. "
                + "Remove 'console=serial0,115200' from /boot/firmware/cmdline.txt (or sudo raspi-config → Interface Options → "
                + "Serial Port: login shell no, hardware yes) and reboot.")
        }
    }

    /// The kernel's list decides: a console named on the command line that the kernel does not run
    /// (its tty missing, say) neither writes into the receiver nor gets a getty.
    @Test func aConsoleTheKernelDoesNotListIsNoFinding() throws {
        let root = try FakeRoot()
        try root.write("proc/cmdline", "console=ttyAMA0,115200 console=tty1\n")
        try root.write("sys/class/tty/console/active", "tty1\n")
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) == nil)
        try root.write("sys/class/tty/console/active", "tty1 ttyS0\n")   // Bluetooth on: the console on the mini UART
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) == nil)
        try root.write("sys/class/tty/console/active", "ttyAMA0\n")
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path)?.message.contains("'console=ttyAMA0,115200'") == true)
    }

    @Test func aConsoleOnTheOtherUARTIsNotOurs() throws {
        let root = try FakeRoot()
        try root.write("proc/cmdline", "console=serial0,115200 console=tty1\n")
        try root.link("dev/serial0", to: "ttyS0")  // Bluetooth left on: serial0 is the mini UART
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) == nil)
        try root.write("proc/cmdline", "console=ttyAMA0,115200\n")
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) != nil)
    }

    @Test func anEnabledGettyIsNamedEvenWhenNotRunning() throws {
        let root = try FakeRoot()
        try root.write("proc/cmdline", "console=tty1 root=/dev/mmcblk0p2\n")
        try root.link("etc/systemd/system/getty.target.wants/serial-getty@ttyAMA0.service", to: "/lib/systemd/system/serial-getty@.service")
        let result = try #require(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path))
        #expect(result.message == "a login console is enabled on it: sudo systemctl disable --now serial-getty@ttyAMA0.service.")
        // Through /dev/serial0 the getty is found under the tty's own name.
        try root.link("dev/serial0", to: "ttyAMA0")
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/serial0", root: root.path)?.message == result.message)
    }

    @Test func aQuietUARTGivesNoFinding() throws {
        let root = try FakeRoot()
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) == nil)   // no console list, no cmdline
        try root.write("proc/cmdline", "console=tty1 root=/dev/mmcblk0p2\n")
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) == nil)
    }

    @Test func aMissingBusSaysWhetherI2cDevOrTheOverlayIsMissing() throws {
        let root = try FakeRoot()
        let noModule = try #require(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path))
        #expect(noModule.message.hasPrefix("the i2c-dev module is not loaded") && noModule.message.contains("sudo modprobe i2c-dev"))
        try root.write("sys/class/i2c-dev/i2c-20/name", "bcm2835 (i2c@7e805000)\n")
        let noBus = try #require(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path))
        #expect(noBus.message.contains("dtparam=i2c_arm=on"))
        try root.write("dev/i2c-1")
        #expect(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path) == nil)
    }
}
