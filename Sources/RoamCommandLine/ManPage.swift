/// The roam-board(1) man page in roff, generated from the command table like `--help`.
public enum ManPage {
    public static func roff(_ specs: [CommandSpec], program: String = "roam-board", version: String, date: String) -> String {
        var s = ".TH \(escape(program.uppercased())) 1 \"\(date)\" \"\(escape(program)) \(version)\" \"User Commands\"\n"
        s += ".SH NAME\n\(escape(program)) \\- ride logger for a Raspberry Pi-class board (GNSS, barometer, button, LED)\n"
        s += ".SH SYNOPSIS\n.B \(escape(program))\n.I command\n[\\fIoptions\\fR]\n"
        s += ".SH DESCRIPTION\nRecords bicycle rides headless; every batch is committed before it is acknowledged. "
        s += "The commands below read the ride database read-only unless said otherwise. "
        s += "Times are shown in the board's time zone (board.conf \\fBtime_zone\\fR), UTC without one; files keep UTC inside. "
        s += "Distances, climb and speeds are metric unless board.conf \\fBunits\\fR or \\fB\\-\\-units\\fR says imperial.\n"
        s += ".SH COMMANDS\n"
        for spec in specs where !spec.isHidden {
            s += ".SS \\fB\(escape(spec.name))\\fR" + (spec.operands.map { " \\fI" + escape($0) + "\\fR" } ?? "")
                + "\n\(escape(spec.abstract))\n"
            for option in spec.options {
                var label = "\\fB" + escape(option.name) + "\\fR"
                if let short = option.short { label = "\\fB" + escape(short) + "\\fR, " + label }
                if case .value(let placeholder) = option.kind { label += " \\fI" + escape(placeholder) + "\\fR" }
                var help = option.help
                if let choices = option.choices { help += " (one of: \(choices.joined(separator: ", ")))" }
                if option.isRequired { help += " Required." }
                s += ".TP\n\(label)\n\(escape(help))\n"
            }
            if !spec.discussion.isEmpty {
                s += ".PP\n" + spec.discussion.split(separator: "\n").map { escape(String($0)) }.joined(separator: "\n.br\n") + "\n"
            }
        }
        s += ".SH EXIT STATUS\n0 ok, 1 failure, 64 usage error, 65 bad data (a board.conf error, an inconsistent database, a damaged one whose readable rides dump or drive-image still wrote), "
        s += "66 a missing input (a database, a --replay or --params file that is not there), "
        s += "74 device or storage I/O error (a data directory that cannot be created included), "
        s += "75 written but incomplete for lack of room (drive-image: rides not handed over yet left off; free room, run it again).\n"
        s += ".SH FILES\n.TP\n\\fIboard.conf\\fR\nThe board folder's declaration: UART, I2C bus, GPIO chip, data directory, time zone.\n"
        s += ".TP\n\\fIrides.db\\fR\nThe ride database in the board's data directory.\n"
        s += ".SH SEE ALSO\n\\fB\(escape(program)) \\fIcommand\\fB \\-\\-help\\fR\n"
        return s
    }

    /// roff: a backslash doubled, dashes as `\-`, a leading dot or quote protected.
    static func escape(_ text: String) -> String {
        var s = ""
        for c in text {
            switch c {
            case "\\": s += "\\e"
            case "-": s += "\\-"
            default: s.append(c)
            }
        }
        if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
        return s
    }
}
