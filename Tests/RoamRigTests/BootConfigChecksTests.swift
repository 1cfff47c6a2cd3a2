import Foundation
@testable import RoamRig
import Testing

/// The day-one traps of a Pi's boot configuration, on a folder laid out like `/`: a UART that is
/// missing (no enable_uart, Bluetooth holding the PL011), an I2C bus that is missing, no USB
/// device controller. Each says what is missing, on which device, and which line of which file to add.
@Suite struct BootConfigChecksTests {
    func pi(_ model: String, config: String?, configFile: String = "boot/firmware/config.txt") throws -> FakeRoot {
        let root = try FakeRoot()
        try root.write("sys/firmware/devicetree/base/model", model + "\0")
        if let config { try root.write(configFile, config) }
        return root
    }

    @Test func aMissingPL011NamesTheConfigLinesStillMissing() throws {
        let root = try pi("Raspberry Pi Zero 2 W Rev 1.0", config: "[all]\nenable_uart=1\ndtparam=i2c_arm=on\n# dtoverlay=disable-bt\n")
        try root.link("dev/serial0", to: "ttyS0")
        let result = try #require(BoardSystemChecks.uart("/dev/ttyAMA0", root: root.path))
        #expect(!result.isOK && result.device == "uart /dev/ttyAMA0")
        #expect(result.message == "/dev/ttyAMA0 does not exist: on a Raspberry Pi Zero 2 W Rev 1.0 the header's UART (GPIO14/15) is "
            + "the PL011 ttyAMA0 only with 'enable_uart=1' and 'dtoverlay=disable-bt'; without disable-bt Bluetooth holds it (here "
            + "/dev/serial0 is ttyS0, the mini UART, whose baud follows the core clock); add 'dtoverlay=disable-bt' to "
            + "/boot/firmware/config.txt, sudo systemctl disable hciuart, and reboot (wiring.md: Boot configuration).")
        // Added but not rebooted: the words say so.
        try root.write("boot/firmware/config.txt", "enable_uart=1\ndtoverlay=disable-bt\n")
        let edited = try #require(BoardSystemChecks.uart("/dev/ttyAMA0", root: root.path))
        #expect(edited.message.hasSuffix("/boot/firmware/config.txt has 'enable_uart=1' and 'dtoverlay=disable-bt' already, and is "
            + "read only at boot: sudo systemctl disable hciuart and reboot."))
        try root.write("dev/ttyAMA0")
        #expect(BoardSystemChecks.uart("/dev/ttyAMA0", root: root.path) == nil)
    }

    @Test func eachBoardAndFileGetsItsOwnLine() throws {
        // Before Bookworm config.txt is /boot/config.txt, and a Pi 5's header UART is RP1's UART0.
        let pi5 = try pi("Raspberry Pi 5 Model B Rev 1.0", config: "dtparam=audio=on\n", configFile: "boot/config.txt")
        #expect(BoardSystemChecks.uart("/dev/ttyAMA0", root: pi5.path)?.message.hasSuffix(
            "made by 'dtparam=uart0=on'; add 'dtparam=uart0=on' to /boot/config.txt and reboot (wiring.md: Boot configuration).") == true)
        // Unreadable config.txt: both lines, to check.
        let pi4 = try pi("Raspberry Pi 4 Model B Rev 1.5", config: nil)
        #expect(BoardSystemChecks.uart("/dev/serial0", root: pi4.path)?.message.hasSuffix("make sure /boot/firmware/config.txt has "
            + "'enable_uart=1' and 'dtoverlay=disable-bt', sudo systemctl disable hciuart, and reboot (wiring.md: Boot configuration).") == true)
        // A USB receiver, or a board that is not a Pi: the errno's own hint is all there is to say.
        #expect(BoardSystemChecks.uart("/dev/ttyACM0", root: pi4.path) == nil)
        let other = try FakeRoot()
        try other.write("sys/firmware/devicetree/base/model", "linux,dummy-virt\0")
        #expect(BoardSystemChecks.uart("/dev/ttyAMA0", root: other.path) == nil)
    }

    @Test func aMissingBusSaysWhetherTheLineIsMissingOrTheBootIs() throws {
        let root = try pi("Raspberry Pi Zero 2 W Rev 1.0", config: "enable_uart=1\n")
        try root.write("sys/class/i2c-dev/i2c-2/name", "bcm2835 (i2c@7e805000)\n")
        #expect(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path)?.message == "i2c-dev is loaded but /dev/i2c-1 does not exist "
            + "(bus 1 is GPIO2/3 on the header): add 'dtparam=i2c_arm=on' to /boot/firmware/config.txt and reboot (wiring.md: Boot configuration).")
        try root.write("boot/firmware/config.txt", "enable_uart=1\ndtparam=audio=on,i2c_arm=on\n")
        #expect(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path)?.message.hasSuffix(
            "/boot/firmware/config.txt has 'dtparam=i2c_arm=on' already, and is read only at boot: reboot.") == true)
    }

    /// Off the package (a developer's machine) i2c-dev is the rider's to load at every boot; an
    /// installed board has the package's modules-load file, so a missing module is for the journal.
    @Test func i2cDevNotLoadedSaysWhatLoadsItAtBoot() throws {
        let root = try FakeRoot()
        let now = "the i2c-dev module is not loaded, so no /dev/i2c-N exists: sudo modprobe i2c-dev"
        #expect(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path)?.message
            == now + ", and add the line 'i2c-dev' to /etc/modules-load.d/i2c-dev.conf for every boot.")
        try root.write("usr/lib/modules-load.d/roam-board.conf", "i2c-dev\n")
        #expect(BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path)?.message == now + " loads it now. At every boot "
            + "systemd-modules-load loads it from the package's /usr/lib/modules-load.d/roam-board.conf: if it is not loaded "
            + "after a reboot, that failed (journalctl -b -u systemd-modules-load says why).")
    }

    /// config.txt's conditional sections (Raspberry Pi documentation, config.txt: "Conditional
    /// filters"): a line under a filter that names other models is not read on this one.
    @Test func linesUnderAnotherModelsSectionDoNotCount() throws {
        // Raspberry Pi OS's config.txt ends with a [cm5] section holding a dwc2 overlay (in host mode).
        let zero = try pi("Raspberry Pi Zero 2 W Rev 1.0", config: "dtparam=audio=on\n[pi4]\ndtparam=i2c_arm=on\n"
            + "[cm5]\ndtoverlay=dwc2,dr_mode=host\n[all]\n")
        try zero.write("sys/class/i2c-dev/i2c-2/name", "bcm2835 (i2c@7e805000)\n")
        let missingBus = { BoardSystemChecks.i2cBus("/dev/i2c-1", root: zero.path)?.message ?? "" }
        #expect(missingBus().hasSuffix("add 'dtparam=i2c_arm=on' to /boot/firmware/config.txt ('dtparam=i2c_arm=on' is under [pi4], "
            + "which this board does not read) and reboot (wiring.md: Boot configuration)."))
        #expect(USBGadgetCheck.results(root: zero.path).first?.message.hasSuffix("add 'dtoverlay=dwc2,dr_mode=peripheral' to "
            + "/boot/firmware/config.txt and reboot (usb.md).") == true)
        // Its own model's sections count ([pi02] and [pi0] on a Zero 2 W), as does all after [all].
        // Other filters: BootConfigReadingTests.
        for config in ["[pi02]\ndtparam=i2c_arm=on\n", "[pi4]\n[pi0]\ndtparam=i2c_arm=on\n", "[pi5]\n[all]\ndtparam=i2c_arm=on\n"] {
            try zero.write("boot/firmware/config.txt", config)
            #expect(missingBus().hasSuffix("has 'dtparam=i2c_arm=on' already, and is read only at boot: reboot."), "\(config)")
        }
        // A Pi 400 reads [pi4] and [pi400], not [pi5].
        let pi400 = try pi("Raspberry Pi 400 Rev 1.0", config: "[pi5]\nenable_uart=1\n[pi4]\ndtoverlay=disable-bt\n[pi400]\nenable_uart=1\n")
        #expect(BoardSystemChecks.uart("/dev/ttyAMA0", root: pi400.path)?.message.hasSuffix("has 'enable_uart=1' and "
            + "'dtoverlay=disable-bt' already, and is read only at boot: sudo systemctl disable hciuart and reboot.") == true)
        try pi400.write("boot/firmware/config.txt", "[pi5]\nenable_uart=1\n[pi4]\ndtoverlay=disable-bt\n")
        #expect(BoardSystemChecks.uart("/dev/ttyAMA0", root: pi400.path)?.message.hasSuffix("add 'enable_uart=1' to "
            + "/boot/firmware/config.txt ('enable_uart=1' is under [pi5], which this board does not read), sudo systemctl disable "
            + "hciuart, and reboot (wiring.md: Boot configuration).") == true)
    }

    /// The firmware reads `key=value` with nothing around the "=" (spaces are part of the name or
    /// the value): "dtparam = i2c_arm=on" sets nothing, so it is not "there already, reboot".
    @Test func aLineWithSpacesAroundItsEqualsSignDoesNotCount() throws {
        let root = try pi("Raspberry Pi Zero 2 W Rev 1.0", config: "dtparam = i2c_arm=on\n")
        try root.write("sys/class/i2c-dev/i2c-2/name", "bcm2835 (i2c@7e805000)\n")
        let missingBus = { BoardSystemChecks.i2cBus("/dev/i2c-1", root: root.path)?.message ?? "" }
        #expect(missingBus().hasSuffix("add 'dtparam=i2c_arm=on' to /boot/firmware/config.txt and reboot (wiring.md: Boot configuration)."))
        // Indented, the line is read (a comment after it is not: BootConfigReadingTests).
        try root.write("boot/firmware/config.txt", "  dtparam=i2c_arm=on\n")
        #expect(missingBus().hasSuffix("has 'dtparam=i2c_arm=on' already, and is read only at boot: reboot."))
    }

    /// No dwc2 overlay: the rides' drive cannot start; a note (recording does not need it) with the line to add.
    @Test func noUSBDeviceControllerIsANoteWithTheOverlayLine() throws {
        let root = try pi("Raspberry Pi Zero 2 W Rev 1.0", config: "enable_uart=1\n")
        let lines = USBGadgetCheck.results(root: root.path)
        #expect(lines.map(\.description) == ["NOTE usb: no USB device controller (/sys/class/udc is empty), so the rides' USB drive "
            + "cannot start (recording is unaffected): the USB port is in device mode only with the dwc2 overlay; add "
            + "'dtoverlay=dwc2,dr_mode=peripheral' to /boot/firmware/config.txt and reboot (usb.md)."])
        let allOK = lines.allSatisfy { $0.isOK }
        #expect(allOK)   // selftest's exit status is the recorder's
        try root.write("boot/firmware/config.txt", "dtoverlay=dwc2\n")
        #expect(USBGadgetCheck.results(root: root.path).first?.message.hasSuffix("has 'dtoverlay=dwc2,dr_mode=peripheral' already, and is "
            + "read only at boot: reboot.") == true)
        // In host mode (Raspberry Pi OS's [cm5] line) the port is never a device: no reboot makes a controller.
        try root.write("boot/firmware/config.txt", "dtoverlay=dwc2,dr_mode=host\n")
        #expect(USBGadgetCheck.results(root: root.path).first?.message.hasSuffix("add 'dtoverlay=dwc2,dr_mode=peripheral' to "
            + "/boot/firmware/config.txt and reboot (usb.md).") == true)
    }
}
