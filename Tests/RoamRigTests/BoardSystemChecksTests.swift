import Foundation
@testable import RoamRig
import Testing

/// `selftest`'s checks of the system around the devices, against a folder of real files standing
/// for `/` (kernel command line, systemd wants links, /dev links, /sys/class).
@Suite struct BoardSystemChecksTests {
    private final class Root {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("roam-root-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit {
            do { try FileManager.default.removeItem(atPath: path) } catch { print("could not remove \(path): \(error)") }
        }
        func write(_ relative: String, _ text: String = "") throws {
            let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        func link(_ relative: String, to target: String) throws {
            let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }
    }

    @Test func aKernelConsoleOnTheUARTIsNamedWithTheLineToRemove() throws {
        let root = try Root()
        try root.write("proc/cmdline", "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait\n")
        try root.link("dev/serial0", to: "ttyAMA0")
        let result = try #require(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path))
        #expect(!result.isOK)
        #expect(result.message == "the kernel console writes to it: remove 'console=serial0,115200' from /boot/firmware/cmdline.txt and reboot.")
    }

    @Test func aConsoleOnTheOtherUARTIsNotOurs() throws {
        let root = try Root()
        try root.write("proc/cmdline", "console=serial0,115200 console=tty1\n")
        try root.link("dev/serial0", to: "ttyS0")  // Bluetooth left on: serial0 is the mini UART
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) == nil)
        try root.write("proc/cmdline", "console=ttyAMA0,115200\n")
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) != nil)
    }

    @Test func anEnabledGettyIsNamedEvenWhenNotRunning() throws {
        let root = try Root()
        try root.write("proc/cmdline", "console=tty1 root=/dev/mmcblk0p2\n")
        try root.link("etc/systemd/system/getty.target.wants/serial-getty@ttyAMA0.service", to: "/lib/systemd/system/serial-getty@.service")
        let result = try #require(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path))
        #expect(result.message == "a login console is enabled on it: sudo systemctl disable --now serial-getty@ttyAMA0.service.")
        // Through /dev/serial0 the getty is found under the tty's own name.
        try root.link("dev/serial0", to: "ttyAMA0")
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/serial0", root: root.path)?.message == result.message)
    }

    @Test func aQuietUARTGivesNoFinding() throws {
        let root = try Root()
        try root.write("proc/cmdline", "console=tty1 root=/dev/mmcblk0p2\n")
        #expect(BoardSystemChecks.serialConsole(uart: "/dev/ttyAMA0", root: root.path) == nil)
    }

    @Test func aMissingBusSaysWhetherI2cDevOrTheOverlayIsMissing() throws {
        let root = try Root()
        let noModule = try #require(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path))
        #expect(noModule.message.hasPrefix("the i2c-dev module is not loaded") && noModule.message.contains("sudo modprobe i2c-dev"))
        try root.write("sys/class/i2c-dev/i2c-20/name", "bcm2835 (i2c@7e805000)\n")
        let noBus = try #require(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path))
        #expect(noBus.message.contains("dtparam=i2c_arm=on"))
        try root.write("dev/i2c-1")
        #expect(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path) == nil)
    }
}
