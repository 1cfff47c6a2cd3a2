import RoamSystem

/// What `selftest` checks of the system around the devices: a kernel console or a login
/// getty on the receiver's UART (both write into it and read its bytes), and the boot
/// configuration behind a UART or I2C bus that is missing (BootConfigChecks). Each finding carries the
/// exact line to change. `root` stands for `/`, so tests point it at a folder of real files.
public enum BoardSystemChecks {
    /// The kernel console on `uart`, and a `serial-getty@` enabled for it; nil when neither is found.
    public static func serialConsole(uart: String, root: String = "/") -> ProbeResult? {
        let tty = ttyName(uart, root: root)
        var problems: [String] = []
        if let console = kernelConsole(tty, root: root) { problems.append(console) }
        let wants = "etc/systemd/system/getty.target.wants/serial-getty@\(tty).service"
        if FileSystem.exists(path(root, wants)) {
            problems.append("a login console is enabled on it: sudo systemctl disable --now serial-getty@\(tty).service")
        }
        guard !problems.isEmpty else { return nil }
        return ProbeResult("uart \(uart) console", ok: false, problems.joined(separator: "; ") + ".")
    }

    static let activeConsoles = "/sys/class/tty/console/active"

    /// The kernel's consoles are listed in /sys/class/tty/console/active ("tty1 ttyAMA0"): it writes
    /// its messages to each, and systemd's getty generator starts a login getty on each serial one,
    /// which reads the receiver's bytes. Without that file (no sysfs), the command line decides.
    static func kernelConsole(_ tty: String, root: String) -> String? {
        let aliases = consoleAliases(tty, root: root)
        let given = consoleEntries(read(root, "proc/cmdline")).filter { aliases.contains(consoleDevice($0)) }
        guard let active = read(root, String(activeConsoles.dropFirst())) else {
            return given.isEmpty ? nil : "the kernel console writes to it (the kernel command line names it). " + consoleRemoval(given, aliases, root: root)
        }
        let listed = active.split(whereSeparator: \.isWhitespace).map(String.init)
        guard listed.contains(tty) else { return nil }
        return "the kernel console is on it (\(activeConsoles) lists \(listed.joined(separator: " "))): the kernel writes its "
            + "messages into the receiver and systemd starts a login getty (serial-getty@\(tty)) that reads the receiver's bytes. "
            + consoleRemoval(given, aliases, root: root)
    }

    /// Which line of which file to change: the entry as cmdline.txt holds it (the firmware hands
    /// `serial0` to the kernel as the tty's own name), else as the kernel got it.
    static func consoleRemoval(_ given: [String], _ aliases: Set<String>, root: String) -> String {
        let file = BootConfig.file("cmdline.txt", root: root)
        let written = consoleEntries(read(root, String(file.dropFirst()))).filter { aliases.contains(consoleDevice($0)) }
        let entries = written.isEmpty ? given : written
        let what = entries.isEmpty ? "the console= entry naming \(aliases.sorted().joined(separator: " or "))"
            : entries.map { "'\($0)'" }.joined(separator: " and ")
        return "Remove \(what) from \(file) (or sudo raspi-config → Interface Options → Serial Port: "
            + "login shell no, hardware yes) and reboot"
    }

    /// The `console=` entries of a kernel command line.
    static func consoleEntries(_ cmdline: String?) -> [String] {
        (cmdline ?? "").split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("console=") }.map(String.init)
    }

    /// `serial0` for `console=serial0,115200`.
    static func consoleDevice(_ entry: String) -> String {
        entry.dropFirst("console=".count).split(separator: ",").first.map(String.init) ?? ""
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

    static func path(_ root: String, _ relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    static func read(_ root: String, _ relative: String) -> String? {
        try? FileSystem.readText(path(root, relative))  // unreadable: nothing to report
    }
}
