import RoamSystem

extension BoardSystemChecks {
    /// Why the board's UART is missing on a Raspberry Pi: the config.txt lines of wiring.md that
    /// make it. nil when it exists, or is not the header's UART (a USB receiver), or not on a Pi.
    public static func uart(_ uart: String, root: String = "/") -> ProbeResult? {
        guard !FileSystem.exists(path(root, String(uart.drop { $0 == "/" }))) else { return nil }
        let tty = ttyName(uart, root: root)
        guard tty.hasPrefix("ttyAMA") || tty.hasPrefix("serial"), let model = BootConfig.piModel(root: root) else { return nil }
        let name = "uart \(uart)"
        if model.hasPrefix("Raspberry Pi 5") {
            return ProbeResult(name, ok: false, "\(uart) does not exist: on a \(model) the header's UART (GPIO14/15) is RP1's UART0, "
                + "made by 'dtparam=uart0=on'; " + BootConfig.advice([BootConfig.uart0], root: root) + ".")
        }
        var found = ""
        if (try? FileSystem.linkTarget(path(root, "dev/serial0"))) != nil {  // no link: nothing to add
            found = " (here /dev/serial0 is \(ttyName("/dev/serial0", root: root)), the mini UART, whose baud follows the core clock)"
        }
        return ProbeResult(name, ok: false, "\(uart) does not exist: on a \(model) the header's UART (GPIO14/15) is the PL011 "
            + "ttyAMA0 only with 'enable_uart=1' and 'dtoverlay=disable-bt'; without disable-bt Bluetooth holds it\(found); "
            + BootConfig.advice([BootConfig.enableUART, BootConfig.disableBT], root: root, step: "sudo systemctl disable hciuart") + ".")
    }

    /// Why an I2C bus device is missing: `i2c-dev` not loaded (no /sys/class/i2c-dev), or the bus
    /// itself not enabled. nil when the device exists. An installed board loads i2c-dev at boot from
    /// the package's modules-load file; off the package (a developer's machine) that is the rider's to add.
    public static func i2cBus(_ bus: String, root: String = "/") -> ProbeResult? {
        guard !FileSystem.exists(path(root, String(bus.drop { $0 == "/" }))) else { return nil }
        let name = "i2c \(bus)"
        guard FileSystem.exists(path(root, "sys/class/i2c-dev")) else {
            let now = "the i2c-dev module is not loaded, so no /dev/i2c-N exists: sudo modprobe i2c-dev"
            guard FileSystem.exists(path(root, String(ModuleLoads.packageFile.dropFirst()))) else {
                return ProbeResult(name, ok: false, now + ", and add the line 'i2c-dev' to \(ModuleLoads.etcFolder)/i2c-dev.conf for every boot.")
            }
            return ProbeResult(name, ok: false, now + " loads it now. At every boot systemd-modules-load loads it from the package's "
                + "\(ModuleLoads.packageFile): if it is not loaded after a reboot, that failed (journalctl -b -u systemd-modules-load says why).")
        }
        return ProbeResult(name, ok: false, "i2c-dev is loaded but \(bus) does not exist (bus 1 is GPIO2/3 on the header): "
            + BootConfig.advice([BootConfig.i2cArm], root: root) + ".")
    }
}
