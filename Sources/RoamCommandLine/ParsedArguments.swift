/// What the parser found for one subcommand, before it is turned into typed options.
public struct ParsedArguments: Equatable, Sendable {
    public var command: String
    public var values: [String: String]
    public var flags: Set<String>

    public init(command: String, values: [String: String] = [:], flags: Set<String> = []) {
        self.command = command; self.values = values; self.flags = flags
    }

    public func value(_ name: String) -> String? { values[name] }
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An integer option, or a usage error that says what was expected.
    public func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text) else {
            throw UsageError(command: command, message: "\(name) expects an integer, found '\(text)'")
        }
        return n
    }
}
