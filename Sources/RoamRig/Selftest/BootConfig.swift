import RoamSystem

/// The Raspberry Pi boot files a rider edits on day one (wiring.md, "Boot configuration"):
/// config.txt and cmdline.txt, in /boot/firmware since Bookworm, in /boot before. Read, never written.
enum BootConfig {
    /// A config.txt line the board needs: `key=value`, also found among a line's comma-separated
    /// parameters ("dtparam=audio=on,i2c_arm=on") or under another accepted spelling. A line that
    /// also holds one of `unless` does not count ("dtoverlay=dwc2,dr_mode=host": no device mode).
    struct Setting: Equatable {
        let key: String
        let values: [String]
        var unless: [String] = []
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

    /// What to do about `wanted`: add the settings config.txt lacks (for this Pi: `holds`), or (when it
    /// holds them all: edited, not rebooted) reboot. `step`: a command to run before the reboot.
    /// `see`: where the rider reads why.
    static func advice(_ wanted: [Setting], root: String, step: String? = nil, see: String = "wiring.md: Boot configuration") -> String {
        let file = file("config.txt", root: root)
        let quoted = { (settings: [Setting]) in settings.map { "'\($0.text)'" }.joined(separator: " and ") }
        let steps = (step.map { ", \($0)," } ?? "") + " and reboot (\(see))"
        guard let text = BoardSystemChecks.read(root, String(file.dropFirst())) else {
            return "make sure \(file) has \(quoted(wanted))" + steps
        }
        let model = piModel(root: root)
        let missing = wanted.filter { !holds(text, $0, model: model) }
        guard !missing.isEmpty else {
            return "\(file) has \(quoted(wanted)) already, and is read only at boot: " + (step.map { "\($0) and " } ?? "") + "reboot"
        }
        return "add \(quoted(missing)) to \(file)" + steps
    }

    /// Whether a line of config.txt that `model` reads (its comments left out) sets `setting`: lines
    /// under a filter that names other models ([pi4] on a Zero 2 W) are not read on this one. Only
    /// the line's ends are trimmed: the firmware takes a space beside "=" as part of the name or the
    /// value, so "dtparam = i2c_arm=on" sets nothing.
    static func holds(_ configText: String, _ setting: Setting, model: String?) -> Bool {
        let ours = model.flatMap(modelFilters)
        var read = true
        for raw in configText.split(whereSeparator: \.isNewline) {
            let line = raw.prefix { $0 != "#" }.trimmedOfWhitespace
            if line.hasPrefix("["), line.hasSuffix("]") {
                read = reads(filter: String(line.dropFirst().dropLast()), ours, before: read)
                continue
            }
            guard read, let equals = line.firstIndex(of: "="), line[..<equals] == setting.key else { continue }
            let parameters = line[line.index(after: equals)...].split(separator: ",").map(String.init)
            if parameters.contains(where: setting.values.contains), !parameters.contains(where: setting.unless.contains) { return true }
        }
        return false
    }

    /// Whether the lines after `[filter]` are read (Raspberry Pi documentation, config.txt: "Conditional
    /// filters"): [all] resets every filter; a model filter replaces the one before and is read when it
    /// is one of `ours` (always, for a model not known here); [none] reads nothing until the next of
    /// those. Other filters ([EDID=…], [gpio4=1], [0x12345678]) cannot be judged here and change nothing.
    static func reads(filter: String, _ ours: Set<String>?, before: Bool) -> Bool {
        if filter == "all" { return true }
        if filter == "none" { return false }
        let isModel = (filter.hasPrefix("pi") || filter.hasPrefix("cm")) && filter.dropFirst(2).first?.isNumber == true
        guard isModel else { return before }
        return ours?.contains(filter) ?? true
    }

    /// The model filters a Pi reads, by the device tree's model after "Raspberry Pi " (first match);
    /// a Zero 2 W also reads [pi0w] and [pi0], a Pi 400 [pi4]. Models not listed: nil.
    static let modelFamilies: [(prefix: String, filters: Set<String>)] = [
        ("Zero 2 W", ["pi0", "pi0w", "pi02"]), ("Zero W", ["pi0", "pi0w"]), ("Zero", ["pi0"]),
        ("4 ", ["pi4"]), ("400", ["pi4", "pi400"]), ("Compute Module 4S", ["pi4", "cm4s"]), ("Compute Module 4", ["pi4", "cm4"]),
        ("5 ", ["pi5"]), ("500", ["pi5", "pi500"]), ("Compute Module 5", ["pi5", "cm5"]),
    ]

    static func modelFilters(_ model: String) -> Set<String>? {
        let name = model.dropFirst("Raspberry Pi ".count)
        return modelFamilies.first { name.hasPrefix($0.prefix) }?.filters
    }
}
