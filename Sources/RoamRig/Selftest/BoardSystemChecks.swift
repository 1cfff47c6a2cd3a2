import RoamSystem

/// What `selftest` checks of the system around the devices: a kernel console or a login
/// getty set up on the receiver's UART (both write into it and read its bytes, even when no getty is
/// running yet), and an I2C bus missing because `i2c-dev` is not loaded. Each finding carries the
/// exact line to change. `root` stands for `/`, so tests point it at a folder of real files.
public enum BoardSystemChecks {
    /// The kernel command line (`/proc/cmdline`) sending the console to `uart`, and a
    /// `serial-getty@` enabled for it; nil when neither is found.
    public static func serialConsole(uart: String, root: String = "/") -> ProbeResult? {
        let tty = ttyName(uart, root: root)
        let aliases = consoleAliases(tty, root: root)
        var problems: [String] = []
        if let cmdline = read(root, "proc/cmdline") {
            let consoles = cmdline.split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("console=") }
            for console in consoles {
                let device = console.dropFirst("console=".count).split(separator: ",").first.map(String.init) ?? ""
                if aliases.contains(device) {
                    problems.append("the kernel console writes to it: remove '\(console)' from /boot/firmware/cmdline.txt and reboot")
                }
            }
        }
        let wants = "etc/systemd/system/getty.target.wants/serial-getty@\(tty).service"
        if FileSystem.exists(path(root, wants)) {
            problems.append("a login console is enabled on it: sudo systemctl disable --now serial-getty@\(tty).service")
        }
        guard !problems.isEmpty else { return nil }
        return ProbeResult("uart \(uart) console", ok: false, problems.joined(separator: "; ") + ".")
    }

    /// Why an I2C bus device is missing: `i2c-dev` not loaded (no /sys/class/i2c-dev), or the bus
    /// itself not enabled. nil when the device exists.
    public static func i2cBus(_ bus: String, root: String = "/") -> ProbeResult? {
        guard !FileSystem.exists(path(root, String(bus.drop { $0 == "/" }))) else { return nil }
        let name = "i2c \(bus)"
        guard FileSystem.exists(path(root, "sys/class/i2c-dev")) else {
            return ProbeResult(name, ok: false, "the i2c-dev module is not loaded, so no /dev/i2c-N exists: "
                + "sudo modprobe i2c-dev, and add the line 'i2c-dev' to /etc/modules-load.d/i2c-dev.conf for every boot.")
        }
        return ProbeResult(name, ok: false, "i2c-dev is loaded but \(bus) does not exist: add 'dtparam=i2c_arm=on' "
            + "to /boot/firmware/config.txt and reboot (bus 1 is GPIO2/3 on the header).")
    }

    /// `ttyAMA0` for /dev/ttyAMA0, and for /dev/serial0 the tty its link points at.
    static func ttyName(_ uart: String, root: String) -> String {
        let full = path(root, String(uart.drop { $0 == "/" }))
        if let target = try? FileSystem.linkTarget(full) {  // not a link: its own name
            return String(target.split(separator: "/").last ?? Substring(target))
        }
        return String(uart.split(separator: "/").last ?? Substring(uart))
    }

    /// The names a console line may give this tty: its own, and the Pi firmware's serial0/serial1
    /// when their links point at it (without the links, serial0 is taken to be it: the safe side).
    static func consoleAliases(_ tty: String, root: String) -> Set<String> {
        var names: Set<String> = [tty]
        for alias in ["serial0", "serial1"] {
            let link = path(root, "dev/\(alias)")
            if (try? FileSystem.linkTarget(link)) != nil {  // no link: judged below
                if ttyName("/dev/\(alias)", root: root) == tty { names.insert(alias) }
            } else if alias == "serial0", tty == "ttyAMA0" || tty == "ttyS0" {
                names.insert(alias)
            }
        }
        return names
    }

    private static func path(_ root: String, _ relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    private static func read(_ root: String, _ relative: String) -> String? {
        try? FileSystem.readText(path(root, relative))  // unreadable: nothing to report
    }
}
