/// Help text generated from the command table.
public enum Usage {
    public static func overview(_ specs: [CommandSpec]) -> String {
        var lines = ["roam-board: a ride logger for a Raspberry Pi-class board (GNSS, barometer, button, LED).", "",
                     "USAGE: roam-board <subcommand> [options]", "", "SUBCOMMANDS:"]
        let shown = specs.filter { !$0.isHidden }
        let width = (shown.map(\.name.count).max() ?? 0) + 2
        for spec in shown { lines.append("  " + spec.name.padded(to: width) + spec.abstract) }
        lines += ["", "See 'roam-board <subcommand> --help' for a subcommand's options.",
                  "Exit status: 0 ok, 1 failure, 64 usage error, 65 bad data, 66 missing input (a database or file not there), 74 device or storage I/O error, 75 incomplete: run it again when room is made, an unfinished import is done or the recorder of before an upgrade is restarted, 77 not this user's: run it as the data folder's owner (sudo -u roam) or give back its files."]
        return lines.joined(separator: "\n")
    }

    /// One subcommand's help; `program` names the executable in the usage line.
    public static func command(_ spec: CommandSpec, program: String = "roam-board") -> String {
        let synopsis = spec.options.map { option -> String in
            let text: String
            switch option.kind {
            case .flag: text = option.name
            case .value(let placeholder): text = "\(option.name) \(placeholder)" + (option.isRepeatable ? " ..." : "")
            }
            return option.isRequired ? text : "[\(text)]"
        }.joined(separator: " ") + (spec.operands.map { " " + $0 } ?? "")
        var lines = ["OVERVIEW: \(spec.abstract)", "", "USAGE: \(program) \(spec.name) \(synopsis)".trimmedRight()]
        let labels = spec.options.map { option -> String in
            let name = option.short.map { "\($0), \(option.name)" } ?? option.name
            if case .value(let p) = option.kind { return "\(name) \(p)" }
            return name
        }
        // --help in the same column as the options it follows.
        let width = ((labels + ["--help"]).map(\.count).max() ?? 0) + 2
        if !spec.options.isEmpty {
            lines += ["", "OPTIONS:"]
            for (option, label) in zip(spec.options, labels) {
                var help = option.help
                if let choices = option.choices { help += " (one of: \(choices.joined(separator: ", ")))" }
                lines.append("  " + label.padded(to: width) + help)
            }
        }
        lines.append("  " + "--help".padded(to: width) + "Show this help.")
        if !spec.discussion.isEmpty { lines += ["", spec.discussion] }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Pads with spaces on the right to `width` characters (never truncates): table columns.
    public func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }

    func trimmedRight() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
