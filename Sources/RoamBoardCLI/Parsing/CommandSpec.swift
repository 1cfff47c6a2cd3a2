/// One subcommand's name, abstract and options: the single table that both the parser and
/// `--help` read, so the help text can never drift from what is accepted.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var options: [OptionSpec]
    /// Extra lines printed after the options (exit codes, examples).
    var discussion: String = ""
}

struct OptionSpec: Sendable {
    enum Kind: Sendable { case value(placeholder: String), flag }
    var name: String
    var kind: Kind
    var help: String
    var isRequired = false
    /// For closed choices: the accepted values (an unknown value is a usage error naming them).
    var choices: [String]? = nil
}

/// A usage error: what was wrong and what was expected. Exit status 64 (EX_USAGE).
struct UsageError: Error, Equatable, CustomStringConvertible {
    var command: String?
    var message: String
    var description: String {
        let help = command.map { "roam-board \($0) --help" } ?? "roam-board --help"
        return "\(message)\nSee '\(help)'."
    }
}
