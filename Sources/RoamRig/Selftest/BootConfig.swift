import RoamSystem

/// The Raspberry Pi boot files a rider edits on day one (wiring.md, "Boot configuration"):
/// config.txt and cmdline.txt, in /boot/firmware since Bookworm, in /boot before. Read, never written.
enum BootConfig {
    /// A config.txt line the board needs: `key=value`, also found among a line's comma-separated
    /// parameters ("dtparam=audio=on,i2c_arm=on") or under another accepted spelling.
    struct Setting: Equatable {
        let key: String
        let values: [String]
        var text: String { key + "=" + values[0] }
    }

    static let enableUART = Setting(key: "enable_uart", values: ["1"])
    static let disableBT = Setting(key: "dtoverlay", values: ["disable-bt", "pi3-disable-bt"])
    static let uart0 = Setting(key: "dtparam", values: ["uart0=on", "uart0"])
    static let i2cArm = Setting(key: "dtparam", values: ["i2c_arm=on", "i2c_arm", "i2c=on", "i2c"])

    /// "/boot/firmware/config.txt", or "/boot/config.txt" where only that one exists (before Bookworm).
    static func file(_ name: String, root: String) -> String {
        let exists = { (path: String) in FileSystem.exists(BoardSystemChecks.path(root, String(path.dropFirst()))) }
        return !exists("/boot/firmware/" + name) && exists("/boot/" + name) ? "/boot/" + name : "/boot/firmware/" + name
    }

    /// The device tree's model ("Raspberry Pi Zero 2 W Rev 1.0"); nil on a board that is not a Pi.
    static func piModel(root: String) -> String? {
        guard let text = BoardSystemChecks.read(root, "sys/firmware/devicetree/base/model") else { return nil }
        let model = String(text.prefix { $0 != "\0" && $0 != "\n" })
        return model.hasPrefix("Raspberry Pi") ? model : nil
    }

    /// What to do about `wanted`: add the settings config.txt lacks, or (when it holds them all:
    /// edited, not rebooted) reboot. `step`: a command to run before the reboot. `see`: where the
    /// rider reads why. Conditional sections ([pi4], [cm4]) are not told apart.
    static func advice(_ wanted: [Setting], root: String, step: String? = nil, see: String = "wiring.md: Boot configuration") -> String {
        let file = file("config.txt", root: root)
        let quoted = { (settings: [Setting]) in settings.map { "'\($0.text)'" }.joined(separator: " and ") }
        let steps = (step.map { ", \($0)," } ?? "") + " and reboot (\(see))"
        guard let text = BoardSystemChecks.read(root, String(file.dropFirst())) else {
            return "make sure \(file) has \(quoted(wanted))" + steps
        }
        let missing = wanted.filter { !holds(text, $0) }
        guard !missing.isEmpty else {
            return "\(file) has \(quoted(wanted)) already, and is read only at boot: " + (step.map { "\($0) and " } ?? "") + "reboot"
        }
        return "add \(quoted(missing)) to \(file)" + steps
    }

    /// Whether a line of config.txt (its comments left out) sets `setting`.
    static func holds(_ configText: String, _ setting: Setting) -> Bool {
        configText.split(whereSeparator: \.isNewline).contains { raw in
            let line = raw.prefix { $0 != "#" }.filter { !$0.isWhitespace }
            guard let equals = line.firstIndex(of: "="), line[..<equals] == setting.key else { return false }
            let parameters = line[line.index(after: equals)...].split(separator: ",").map(String.init)
            return parameters.contains { setting.values.contains($0) }
        }
    }
}
