/// What the parser found for one subcommand, before it is turned into typed options.
public struct ParsedArguments: Equatable, Sendable {
    public var command: String
    public var values: [String: String]
    public var flags: Set<String>
    /// The options the command's spec declares, set by the parser. Reading any other is a
    /// programming error, not a missing option: without this check a misspelt or forgotten
    /// declaration reads as "not given" and the command quietly runs with its default.
    /// nil (an instance built by hand in a test) checks nothing.
    public var declared: Set<String>?
    /// The arguments that are not options, in order, for a command whose spec takes `operands`.
    public var operands: [String] = []
    /// Every value of a repeatable option, in order (`values` holds its first).
    public var repeated: [String: [String]] = [:]

    public init(command: String, values: [String: String] = [:], flags: Set<String> = [], declared: Set<String>? = nil,
                operands: [String] = []) {
        self.command = command; self.values = values; self.flags = flags; self.declared = declared; self.operands = operands
    }

    /// What was parsed; the declarations are the spec's, not part of the result.
    public static func == (a: Self, b: Self) -> Bool {
        a.command == b.command && a.values == b.values && a.flags == b.flags && a.operands == b.operands && a.repeated == b.repeated
    }

    /// Traps when `name` is not one of the spec's options (see `declared`).
    public func requireDeclared(_ name: String) {
        guard let declared else { return }
        precondition(declared.contains(name), "roam-board \(command) reads \(name), which its spec does not declare: add it to the spec's options")
    }

    public func value(_ name: String) -> String? { requireDeclared(name); return values[name] }
    public func has(_ flag: String) -> Bool { requireDeclared(flag); return flags.contains(flag) }

    /// An integer option, or a usage error that says what was expected.
    public func integer(_ name: String) throws(UsageError) -> Int? {
        requireDeclared(name)
        guard let text = values[name] else { return nil }
        guard let n = Int(text) else {
            throw UsageError(command: command, message: "\(name) expects an integer, found '\(text)'")
        }
        return n
    }
}
