import RoamCore
import RoamSystem

/// config.txt as the firmware reads it on one Pi (Raspberry Pi documentation, config.txt: "File format",
/// "include", "Conditional filters"): its setting lines in order, `include`d files in place, each with
/// whether it applies on this board. Where the documentation is silent the reading is the safe one: a
/// line that the firmware might not apply does not count as set.
struct BootConfigText {
    /// Whether a line applies here: `maybe` under a filter that only the boot can judge ([gpio4=1],
    /// [EDID=…], [HDMI:1], a serial number, [tryboot], [none], one the documentation does not name).
    enum Applies: Equatable { case yes, no, maybe }

    struct Line: Equatable {
        let text: String
        let applies: Applies
        /// The filters in force over it when it does not plainly apply ("[pi4]", "[gpio4=1] [pi0]").
        let under: String
    }

    private(set) var lines: [Line] = []
    /// The filters still in force at the end: a line appended to the file falls under them.
    private(set) var openFilters: Filters = Filters()
    private let ours: Set<String>?
    private var folder = "", root = ""

    /// The firmware reads 98 characters of a line and ignores the rest.
    static let lineLimit = 98

    /// `file`: config.txt under `root`; nil when it cannot be read.
    init?(_ file: String, root: String, model: String?) {
        guard let text = BoardSystemChecks.read(root, String(file.dropFirst())) else { return nil }
        ours = model.flatMap(BootConfig.modelFilters)
        folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        self.root = root
        read(text, folder: folder, root: root, depth: 0)
    }

    /// Comments are whole lines starting with "#" (the documentation names no other kind, so a "#"
    /// after a setting stays part of its value). `include NAME` inserts NAME, beside config.txt, in
    /// place; an include under a filter that does not plainly apply is left out (its lines then count
    /// for nothing, the safe side), and includes nest no deeper than 8 (a file including itself).
    private mutating func read(_ text: String, folder: String, root: String, depth: Int) {
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.prefix(Self.lineLimit).trimmedOfWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]"), line.count > 2 {
                openFilters.apply(String(line.dropFirst().dropLast()))
                continue
            }
            let applies = openFilters.applies(ours)
            if line.hasPrefix("include ") {
                let name = line.dropFirst("include ".count).trimmedOfWhitespace
                let path = folder + "/" + name.drop { $0 == "/" }  // beside config.txt, on the boot partition
                if applies == .yes, depth < 8, let included = BoardSystemChecks.read(root, String(path.dropFirst())) {
                    read(included, folder: folder, root: root, depth: depth + 1)
                }
                continue
            }
            lines.append(Line(text: line, applies: applies, under: applies == .yes ? "" : openFilters.description))
        }
    }

    /// Lines read already (BootConfig.why reads one line alone).
    init(lines: [Line]) {
        self.lines = lines
        ours = nil
    }

    /// The parameters of the overlay `name` in the boot partition's overlays/ (os_prefix and
    /// overlay_prefix are not read): none when it is missing, since the firmware cannot load it then;
    /// nil when it cannot be read as an overlay.
    func overlayParameters(_ name: String) -> Set<String>? {
        guard !folder.isEmpty else { return [] }
        let path = BoardSystemChecks.path(root, String(folder.dropFirst()) + "/overlays/\(name).dtbo")
        guard FileSystem.exists(path) else { return [] }
        return (try? FileSystem.readBytes(path)).flatMap(DeviceTreeOverlay.parameters)  // unreadable overlay: its parameters unknown, none claimed
    }

    /// Whether a line added at the end of the file would apply on this board.
    var appended: Applies { openFilters.applies(ours) }

    /// The conditional filters in force: "Filters of the same type replace each other" and filters of
    /// different types combine; [all] resets every one. The model filter is judged against this Pi's
    /// model; [none] applies nowhere, and is taken to hold until [all] (the documentation says only
    /// that it keeps the settings that follow from applying); the others are `maybe`.
    struct Filters: Equatable {
        /// The model-type filter in force ("pi4", "board-type=0x11"); nil: none.
        var model: String?
        /// The other filters in force, by type ("gpio": "gpio4=1").
        var others: [String: String] = [:]

        mutating func apply(_ filter: String) {
            if filter == "all" { self = Filters(); return }
            let type = Self.type(of: filter)
            if type == "model" { model = filter } else { others[type] = filter }
        }

        static func type(of filter: String) -> String {
            if filter.hasPrefix("board-type=") { return "model" }
            if (filter.hasPrefix("pi") || filter.hasPrefix("cm")) && filter.dropFirst(2).first?.isNumber == true { return "model" }
            for (prefix, type) in [("gpio", "gpio"), ("EDID=", "EDID"), ("HDMI:", "HDMI"), ("0x", "serial")] where filter.hasPrefix(prefix) {
                return type
            }
            return filter  // [none], [tryboot], and any filter the documentation does not name: a type of its own
        }

        /// A model filter applies when this Pi's model reads it; a [board-type=…] filter, or any model
        /// filter on a Pi not listed in BootConfig, is not judged here: `maybe`.
        func applies(_ ours: Set<String>?) -> Applies {
            var applies = Applies.yes
            if let model {
                if let ours, !model.hasPrefix("board-type=") {
                    if !ours.contains(model) { return .no }
                } else {
                    applies = .maybe
                }
            }
            if others["none"] != nil { return .no }
            return others.isEmpty ? applies : .maybe
        }

        var description: String {
            ((model.map { [$0] } ?? []) + others.values.sorted()).map { "[\($0)]" }.joined(separator: " ")
        }
    }
}
