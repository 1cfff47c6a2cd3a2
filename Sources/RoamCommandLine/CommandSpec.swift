/// One subcommand's name, abstract and options: the single table that both the parser and
/// `--help` read, so the help text can never drift from what is accepted.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var options: [OptionSpec]
    /// Extra lines printed after the options (exit codes, examples).
    public var discussion: String
    /// Accepted but left out of the overview, the completions and the man page (generators).
    public var isHidden: Bool
    /// The placeholder of the arguments that are not options (`FILE|FOLDER...`), for a command that
    /// takes them; nil: every argument must be an option.
    public var operands: String?

    public init(name: String, abstract: String, options: [any OptionDeclaration], discussion: String = "", isHidden: Bool = false,
                operands: String? = nil) {
        self.name = name; self.abstract = abstract; self.options = options.map(\.spec); self.discussion = discussion
        self.isHidden = isHidden; self.operands = operands
    }
}

public struct OptionSpec: Sendable {
    public enum Kind: Sendable { case value(placeholder: String), flag }
    public var name: String
    public var kind: Kind
    public var help: String
    public var isRequired: Bool
    /// For closed choices: the accepted values (an unknown value is a usage error naming them).
    public var choices: [String]?
    /// A one-letter alias (`-o` for `--out`), as the tools people know have.
    public var short: String?
    /// A value option that may be given more than once (`--ride 3 --ride 7`); any other given twice is an error.
    public var isRepeatable = false

    public init(name: String, kind: Kind, help: String, isRequired: Bool = false, choices: [String]? = nil, short: String? = nil) {
        self.name = name; self.kind = kind; self.help = help; self.isRequired = isRequired; self.choices = choices
        self.short = short
    }

    /// What the help shows after a value option's name ("FILE"); empty for a flag.
    public var placeholder: String {
        if case .value(let placeholder) = kind { return placeholder }
        return ""
    }
}

/// A usage error: what was wrong and what was expected. Exit status 64 (EX_USAGE).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var command: String?
    public var message: String

    public init(command: String?, message: String) { self.command = command; self.message = message }

    public var description: String {
        let help = command.map { "roam-board \($0) --help" } ?? "roam-board --help"
        return "\(message)\nSee '\(help)'."
    }
}
