import RoamPorts
import Foundation
import RoamCore
import RoamHardware
import RoamSimulator
@testable import RoamRig
import Synchronization
import Testing

/// The real-board rig on this machine: a pseudo-terminal stands in for the UART; there is no I2C
/// bus and no gpiochip, so those paths are the absent-device ones, each reported in words.
@Suite struct HardwareRigTests {
    final class Reports: Sendable {
        let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    func profile(uart: String, baud: Int = 9600, name: String = "test") throws -> BoardProfile {
        try BoardProfile.parse("""
            name = \(name)
            uart = \(uart)
            baud = \(baud)
            i2c_bus = /dev/i2c-99
            bmp280_address = 0x76
            gpio_chip = gpiochip99
            button_line = 17
            button_active = low
            button_bias = pull-up
            led_line = 27
            data_dir = /tmp
            """, file: "board.conf")
    }

    @Test func absentDevicesAreReportedAndTheRecorderRunsWithoutThem() throws {
        let pty = try PseudoTerminal()
        let reports = Reports()
        let rig = try HardwareRig(profile: try profile(uart: pty.secondaryPath), report: reports.add)
        #expect(rig.receiver.isOpen)
        // The barometer stays, over a bus that its re-probe opens once it appears.
        #expect(rig.barometer != nil && rig.button == nil)
        #expect((rig.led as? ReopeningDigitalOutput)?.isOpen == false)   // opened by the LED thread once it appears
        #expect(throws: DeviceError.self) { try rig.barometer?.reprobe() }
        let lines = reports.all
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("barometer: i2c open on /dev/i2c-99 failed: it does not exist."))
        #expect(lines[0].contains("until the bus appears (retried every 2 s)"))
        #expect(lines[1].hasPrefix("button: gpio open on /dev/gpiochip99 failed") && lines[1].contains("until it appears (tried again every 2 s)"))
        #expect(rig.openButtonLater != nil)   // the button thread keeps trying the chip
        #expect(lines[2].hasPrefix("led: gpio open on /dev/gpiochip99 failed") && lines[2].contains("until it appears (tried again every 2 s)"))
    }

    /// On a bus that opened: nothing at the address (the bus's own EREMOTEIO), then another chip
    /// there (what the driver found, no errno). Either way the barometer stays and is re-probed.
    @Test(arguments: [(UInt8?.none, "i2c read on /dev/i2c-1 (addr 0x76, reg 0xD0) failed: nothing answered on the bus (no acknowledge). "
                           + "Check wiring and the SDO address jumper (0x76/0x77)."),
                      (0x61, "i2c probe on /dev/i2c-1 (addr 0x76, reg 0xD0): chip id 0x58 (BMP280) or 0x60 (BME280) expected "
                           + "at 0x76, read 0x61: a BME680. Fit a BMP280 or BME280 at 0x76, or correct bmp280_address in board.conf.")]
          as [(UInt8?, String)])
    func aMissingOrWrongChipLeavesTheBarometerToBeReprobed(id: UInt8?, said: String) throws {
        let bus = FakeI2CBus(device: "/dev/i2c-1")
        if let id { bus.attach(FakeBMP280(chipID: id), at: 0x76) }
        let reports = Reports()
        let sensor = HardwareRig.probed(BMP280(bus: bus, address: 0x76), reports.add)
        #expect(!sensor.isProbed)
        #expect(reports.all == ["barometer: \(said) Re-probed while recording; fixes are flagged until it answers."], "\(reports.all)")
        bus.attach(FakeBMP280(), at: 0x76)   // fitted, or the jumper set right
        try sensor.reprobe()
        #expect(sensor.chip == .bmp280)
    }

    @Test func aMissingReceiverIsWaitedForNotFatal() throws {
        let reports = Reports()
        let rig = try HardwareRig(profile: try profile(uart: "/dev/ttyNOSUCHUART"), report: reports.add)
        #expect(!rig.receiver.isOpen)
        #expect(reports.all.first?.hasPrefix("receiver: uart open on /dev/ttyNOSUCHUART failed: it does not exist. Check that the UART") == true)
        #expect(reports.all.first?.contains("Recording waits for it") == true)
    }

    /// `console=serial0,115200` left in cmdline.txt: the recorder says so once at start, with the
    /// line to remove, and still opens the port. The fake root's /dev link makes the pty its ttyAMA0.
    @Test func aKernelConsoleOnTheUARTIsSaidOnceAtStart() throws {
        let pty = try PseudoTerminal()
        let root = try FakeRoot()
        try root.link(String(pty.secondaryPath.dropFirst()), to: "ttyAMA0")
        try root.write("sys/class/tty/console/active", "tty1 ttyAMA0\n")
        try root.write("boot/firmware/cmdline.txt", "console=serial0,115200 console=tty1 rootwait\n")
        let reports = Reports()
        let rig = try HardwareRig(profile: try profile(uart: pty.secondaryPath), report: reports.add, systemRoot: root.path)
        #expect(rig.receiver.isOpen)
        let said = reports.all.filter { $0.hasPrefix("receiver: uart \(pty.secondaryPath) console: the kernel console is on it") }
        #expect(said.count == 1, "\(reports.all)")
        #expect(said.first?.contains("Remove 'console=serial0,115200' from /boot/firmware/cmdline.txt") == true)
        #expect(said.first?.hasSuffix("Recording anyway, but fixes may be lost while the port is shared.") == true)
    }

    /// A Pi without the PL011 (Bluetooth holds it): the start-up line names the config.txt lines.
    @Test func aMissingPL011IsSaidWithItsConfigLines() throws {
        let root = try FakeRoot()
        try root.write("sys/firmware/devicetree/base/model", "Raspberry Pi 4 Model B Rev 1.5\0")
        try root.write("boot/firmware/config.txt", "enable_uart=1\n")
        let reports = Reports()
        _ = try HardwareRig(profile: try profile(uart: "/dev/ttyAMA77"), report: reports.add, systemRoot: root.path)
        let first = reports.all.first ?? ""
        #expect(first.contains("does not exist: on a Raspberry Pi 4 Model B Rev 1.5 the header's UART"), "\(first)")
        #expect(first.contains("add 'dtoverlay=disable-bt' to /boot/firmware/config.txt") && first.hasSuffix("Recording waits for it (reopened with backoff)."))
    }

    @Test func anImpossibleBaudIsAConfigurationErrorAndFatal() throws {
        let pty = try PseudoTerminal()
        #expect {
            _ = try HardwareRig(profile: try profile(uart: pty.secondaryPath, baud: 12_345), report: { _ in })
        } throws: { error in
            (error as? DeviceError)?.errno == .invalidArgument && "\(error)".contains("Check the baud in board.conf")
        }
    }

    @Test func aPathThatIsNotATTYIsFatalToo() throws {
        #expect {
            _ = try HardwareRig(profile: try profile(uart: "/dev/null"), report: { _ in })
        } throws: { error in
            (error as? DeviceError)?.errno?.rawValue == ENOTTY
        }
    }

    /// A Pi 5 SoC bank is found by its label, not dressed up as an EINVAL the kernel never gave;
    /// as a finding it is not one of the absent-device codes the button and LED are retried on.
    @Test func aPi5SoCBankIsAFindingInWords() {
        #expect(HardwareRig.socBank(GPIOChipInfo(path: "/dev/gpiochip4", label: "pinctrl-rp1", lineCount: 54)) == nil)
        let e = HardwareRig.socBank(GPIOChipInfo(path: "/dev/gpiochip0", label: "gpio-brcmstb@107d508500", lineCount: 32))
        #expect(e?.errno == nil && e?.finding?.kind == .unexpectedChip && e?.failed(with: ENOENT, ENODEV, ENXIO) == false)
        #expect(e?.description.hasPrefix("gpio line request on /dev/gpiochip0: it is labelled gpio-brcmstb@107d508500: "
            + "a Pi 5 SoC bank, not the 40-pin header's chip (pinctrl-rp1). The header's chip changes number") == true)
    }

    @Test func theSoCBankGuardNeedsTheChipToExist() {
        #expect {
            try HardwareRig.refuseSoCBank("gpiochip99")
        } throws: { error in
            (error as? DeviceError)?.errno == .noSuchFile
        }
    }

    /// A button or LED line another program holds at start (EBUSY: a script, gpioset left running)
    /// was said once and never tried again: the rider had no button for the whole ride. It is tried
    /// again as an absent one is, and the words say how often.
    @Test func aLineHeldByAnotherProgramAtStartIsTriedAgain() throws {
        let busy = DeviceError(.gpio, .requestLine, device: "/dev/gpiochip0", detail: "line 17", errno: .busy)
        let reports = Reports()
        let (button, later) = HardwareRig.button(opening: { throw busy }, reports.add, nil)
        #expect(button == nil && later != nil, "a busy button line is not tried again")
        let led = HardwareRig.led(opening: { () throws(DeviceError) -> any DigitalOutput in throw busy }, device: "/dev/gpiochip0 line 27", reports.add)
        #expect(led is ReopeningDigitalOutput, "a busy LED line is not tried again")
        #expect(reports.all.count == 2 && reports.all.allSatisfy { $0.hasSuffix("until it is free (tried again every 2 s).") }, "\(reports.all)")
    }

    /// The card moved to a Pi 4 with the Zero 2 W's board enabled: only the GPIO chip failed, and
    /// its advice (gpio_chip, the udev rule) led nowhere. The recorder and selftest name the board to enable.
    @Test func anotherPisBoardIsNamedWithTheBoardToEnable() throws {
        let root = try FakeRoot()
        try root.write("sys/firmware/devicetree/base/model", "Raspberry Pi 4 Model B Rev 1.4\0")
        let fix = "this is a Raspberry Pi 4 Model B Rev 1.4, enabled as rpi-zero-2w: run sudo roam-board-enable rpi-4"
        let reports = Reports()
        let zero = try profile(uart: "/dev/ttyNOSUCHUART", name: "rpi-zero-2w")
        _ = try HardwareRig(profile: zero, report: reports.add, systemRoot: root.path)
        #expect(reports.all.filter { ($0.hasPrefix("button: ") || $0.hasPrefix("led: ")) && $0.contains(fix) }.count == 2, "\(reports.all)")
        let results = BoardSelfTest.run(profile: zero, dataDir: root.path, listenMs: 100, sysRoot: root.path)
        #expect(results.first == ProbeResult("board rpi-zero-2w", ok: false, fix + "."), "\(results)")
        let gpio = results.first { $0.device.hasPrefix("gpio ") }
        #expect(gpio?.message.contains(fix) == true && gpio?.message.contains("99-roam-board.rules") == false, "\(results)")
        // The board that fits this Pi says nothing of it.
        let fitting = Reports()
        _ = try HardwareRig(profile: try profile(uart: "/dev/ttyNOSUCHUART", name: "rpi-4"), report: fitting.add, systemRoot: root.path)
        #expect(!fitting.all.contains { $0.contains("another Pi's") }, "\(fitting.all)")
    }
}
