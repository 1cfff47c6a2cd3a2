import RoamCore
import RoamSystem

/// The Raspberry Pi boot files a rider edits on day one (wiring.md, "Boot configuration"):
/// config.txt and cmdline.txt, in /boot/firmware since Bookworm, in /boot before. Read, never written.
enum BootConfig {
    /// A config.txt line the board needs: `key=value`, also found among a line's comma-separated
    /// parameters ("dtparam=audio=on,i2c_arm=on") or under another accepted spelling (the first is
    /// the one advised). An overlay loaded with one of `unless` does not count
    /// ("dtoverlay=dwc2,dr_mode=host": no device mode).
    struct Setting: Equatable {
        let key: String
        let values: [String]
        var unless: [String] = []
        var text: String { key + "=" + values[0] }
        func isSet(by parameters: [String]) -> Bool {
            parameters.contains(where: values.contains) && !parameters.contains(where: unless.contains)
        }
        /// What a later line changes: "i2c_arm", "the dwc2 overlay", "enable_uart".
        var name: String {
            let first = values[0].prefix { $0 != "=" && $0 != "," }
            return key == "dtoverlay" ? "the \(first) overlay" : key == "dtparam" ? String(first) : key
        }
    }

    static let enableUART = Setting(key: "enable_uart", values: ["1"])
    static let disableBT = Setting(key: "dtoverlay", values: ["disable-bt", "pi3-disable-bt"])
    static let uart0 = Setting(key: "dtparam", values: ["uart0=on", "uart0"])
    static let i2cArm = Setting(key: "dtparam", values: ["i2c_arm=on", "i2c_arm", "i2c=on", "i2c"])
    /// The USB port in device mode (usb.md); in host mode (Raspberry Pi OS's [cm5] line) it is never one.
    static let dwc2 = Setting(key: "dtoverlay", values: ["dwc2,dr_mode=peripheral", "dwc2"], unless: ["dr_mode=host"])

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

    /// What to do about `wanted`: add the settings config.txt lacks on this Pi (BootConfigText), or
    /// (when it holds them all: edited, not rebooted) reboot. `step`: a command to run before the
    /// reboot. `see`: where the rider reads why.
    static func advice(_ wanted: [Setting], root: String, step: String? = nil, see: String = "wiring.md: Boot configuration") -> String {
        let file = file("config.txt", root: root)
        let quoted = { (settings: [Setting]) in settings.map { "'\($0.text)'" }.joined(separator: " and ") }
        let steps = (step.map { ", \($0)," } ?? "") + " and reboot (\(see))"
        guard let config = BootConfigText(file, root: root, model: piModel(root: root)) else {
            return "make sure \(file) has \(quoted(wanted))" + steps
        }
        let missing = wanted.filter { !holds(config, $0) }
        guard !missing.isEmpty else {
            return "\(file) has \(quoted(wanted)) already, and is read only at boot: " + (step.map { "\($0) and " } ?? "") + "reboot"
        }
        var reasons = missing.compactMap { why(config, $0) }
        var add = "add \(quoted(missing)) to \(file)"
        if config.appended != .yes {
            // A line appended now would fall under the section the file ends in.
            add = "add the lines '[all]' and \(quoted(missing)) at the end of \(file)"
            reasons.insert("it ends under \(config.openFilters.description), " + reading(config.appended), at: 0)
        }
        return add + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")") + steps
    }

    /// How a section that does not plainly apply reads, after its name.
    static func reading(_ applies: BootConfigText.Applies) -> String {
        applies == .no ? "which this board does not read" : "which may not apply at boot"
    }

    /// Whether config.txt sets `setting` on this Pi, as its last word: the firmware keeps the last
    /// value of a setting or parameter, and the last load of an overlay with its parameters (those on
    /// its line and on the dtparam lines after it, until the next dtoverlay) decides them. A line
    /// that may not apply counts only against. A dtparam after an overlay that has a parameter of
    /// its name (or cannot be read) goes to that overlay, not to the base device tree: it does not
    /// count. Nothing around "=" is trimmed: "dtparam = i2c_arm=on" sets nothing.
    static func holds(_ config: BootConfigText, _ setting: Setting) -> Bool {
        var set = false
        for (line, parameters) in assignments(config, setting) where line.applies != .no {
            set = line.applies == .yes ? setting.isSet(by: parameters) : set && setting.isSet(by: parameters)
        }
        return set
    }

    /// Each line that assigns `setting`, with the parameters it gives: for a dtparam, the ones named
    /// like `setting`'s; for an overlay, the load and its parameters; otherwise the line's value.
    static func assignments(_ config: BootConfigText, _ setting: Setting) -> [(BootConfigText.Line, [String])] {
        let names = Set(setting.values.map { String($0.prefix { $0 != "=" && $0 != "," }) })
        var found: [(BootConfigText.Line, [String])] = []
        var overlay: Int?  // the index in `found` of the load whose parameters dtparam lines still add to
        var scope: (line: String, overlay: String)?  // the overlay a dtparam line goes to first ("dtoverlay=" ends it)
        for line in config.lines {
            guard let equals = line.text.firstIndex(of: "=") else { continue }
            let key = line.text[..<equals], value = String(line.text[line.text.index(after: equals)...])
            let parameters = value.split(separator: ",").map(String.init)
            switch (key, setting.key) {
            case ("dtoverlay", "dtoverlay"):
                let loads = parameters.first.map(names.contains) == true
                if loads { found.append((line, parameters)) }
                if line.applies != .no { overlay = loads ? found.count - 1 : nil }  // a line not read ends no scope
            case ("dtparam", "dtoverlay"): if let overlay, line.applies != .no { found[overlay].1 += parameters }
            case ("dtoverlay", "dtparam"): if line.applies != .no { scope = parameters.first.map { (line.text, $0) } }
            case ("dtparam", "dtparam"):
                for parameter in parameters where names.contains(String(parameter.prefix { $0 != "=" })) {
                    let name = String(parameter.prefix { $0 != "=" })
                    if let scope, config.overlayParameters(scope.overlay)?.contains(name) ?? true {
                        found.append((BootConfigText.Line(text: line.text, applies: .no, under: "'\(scope.line)'"), [parameter]))
                    } else {
                        found.append((line, [parameter]))
                    }
                }
            case (_, "dtparam"), (_, "dtoverlay"): continue  // another key, or another kind of line
            default: if key == setting.key { found.append((line, [value])) }
            }
        }
        return found
    }

    /// Why config.txt, which seems to have `setting`, does not: a comment after it, a later line, a section.
    static func why(_ config: BootConfigText, _ setting: Setting) -> String? {
        let commented = config.lines.first { line in
            guard line.applies == .yes, let hash = line.text.firstIndex(of: "#") else { return false }
            let bare = BootConfigText.Line(text: line.text[..<hash].trimmedOfWhitespace, applies: .yes, under: "")
            return holds(BootConfigText(lines: [bare]), setting)
        }
        if let commented {
            return "its line '\(commented.text)' has a comment after the setting, which the firmware reads as part of the value: "
                + "put the comment on a line of its own"
        }
        let assigned = assignments(config, setting).filter { $0.0.applies != .no }
        if let set = assigned.lastIndex(where: { $0.0.applies == .yes && setting.isSet(by: $0.1) }),
           let undo = assigned[(set + 1)...].last(where: { !setting.isSet(by: $0.1) })?.0 {
            return "the later line '\(undo.text)'" + (undo.applies == .yes ? " undoes it" : " under \(undo.under) may undo it at boot")
                + ": the firmware keeps the last"
        }
        guard let under = assignments(config, setting).last(where: { setting.isSet(by: $0.1) })?.0, under.applies != .yes else { return nil }
        guard under.under.hasPrefix("[") else {
            return "'\(under.text)' goes to the overlay of the line \(under.under) above it, which has a parameter of that name: "
                + "put a line 'dtoverlay=' (empty: it ends that overlay's parameters) before it"
        }
        return "'\(under.text)' is under \(under.under), " + reading(under.applies)
    }

    /// The model filters a Pi reads, by the device tree's model after "Raspberry Pi " (first match);
    /// a Zero 2 W also reads [pi0w] and [pi0], a Pi 400 [pi4]. Models not listed: nil (their model
    /// filters are not judged).
    static let modelFamilies: [(prefix: String, filters: Set<String>)] = [
        ("Model ", ["pi1"]), ("Compute Module Rev", ["pi1"]), ("2 ", ["pi2"]), ("3 Model A Plus", ["pi3", "pi3+"]),
        ("3 Model B Plus", ["pi3", "pi3+"]), ("3 ", ["pi3"]), ("Compute Module 3", ["pi3"]),
        ("Zero 2 W", ["pi0", "pi0w", "pi02"]), ("Zero W", ["pi0", "pi0w"]), ("Zero", ["pi0"]),
        ("4 ", ["pi4"]), ("400", ["pi4", "pi400"]), ("Compute Module 4S", ["pi4", "cm4s"]), ("Compute Module 4", ["pi4", "cm4"]),
        ("5 ", ["pi5"]), ("500", ["pi5", "pi500"]), ("Compute Module 5", ["pi5", "cm5"]),
    ]

    static func modelFilters(_ model: String) -> Set<String>? {
        let name = model.dropFirst("Raspberry Pi ".count)
        return modelFamilies.first { name.hasPrefix($0.prefix) }?.filters
    }
}
