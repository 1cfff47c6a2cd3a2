/// What the parser found for one subcommand, before it is turned into typed options.
struct ParsedArguments: Equatable {
    var command: String
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An integer option, or a usage error that says what was expected.
    func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text) else {
            throw UsageError(command: command, message: "\(name) expects an integer, found '\(text)'")
        }
        return n
    }
}
