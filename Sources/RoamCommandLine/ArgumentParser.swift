/// What the command line asked for: a subcommand to run, help on a topic, or the version.
public enum ParseResult: Equatable, Sendable {
    case run(ParsedArguments)
    case help(String?)
    case version
}

/// The pure command-line parser: arguments in, a parsed command or a usage error out.
/// Never traps, whatever the arguments (the FuzzCommandLine target holds it to that).
public struct ArgumentParser: Sendable {
    public let specs: [CommandSpec]

    public init(specs: [CommandSpec]) { self.specs = specs }

    public func parse(_ arguments: [String]) -> Result<ParseResult, UsageError> {
        guard let first = arguments.first else {
            return .failure(UsageError(command: nil, message: "missing subcommand (expected one of: \(specs.filter { !$0.isHidden }.map(\.name).joined(separator: ", ")))"))
        }
        if first == "--help" || first == "-h" || first == "help" {
            return .success(.help(arguments.dropFirst().first))
        }
        if first == "--version" { return .success(.version) }
        guard let spec = specs.first(where: { $0.name == first }) else {
            return .failure(UsageError(command: nil, message: "unknown subcommand '\(first)' (expected one of: \(specs.filter { !$0.isHidden }.map(\.name).joined(separator: ", ")))"))
        }
        var parsed = ParsedArguments(command: spec.name, declared: Set(spec.options.map(\.name)))
        var rest = arguments.dropFirst()[...]
        // After "--" nothing is an option, as in every Unix command: `import -- -ride.gpx`.
        var optionsEnded = false
        while let arg = rest.popFirst() {
            if !optionsEnded && arg == "--" { optionsEnded = true; continue }
            if optionsEnded && spec.operands == nil {
                return .failure(UsageError(command: spec.name, message: "unexpected argument '\(arg)' after --: \(spec.name) takes no arguments but its options"))
            }
            if !optionsEnded && (arg == "--help" || arg == "-h") { return .success(.help(spec.name)) }
            // A command that takes operands takes every argument not starting with "-" as one.
            if let operands = spec.operands, optionsEnded || !arg.hasPrefix("-") || arg == "-" {
                // An empty one names nothing, as an empty option value does: never looked for as a file.
                if arg.isEmpty { return .failure(UsageError(command: spec.name, message: "an empty argument ('') where \(operands) was expected")) }
                parsed.operands.append(arg)
                continue
            }
            var name = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq]); inlineValue = String(arg[arg.index(after: eq)...])
            }
            if let alias = spec.options.first(where: { $0.short != nil && $0.short == name }) { name = alias.name }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let known = spec.options.map(\.name).joined(separator: ", ")
                return .failure(UsageError(command: spec.name, message: "unknown option '\(name)' (expected: \(known.isEmpty ? "no options" : known))"))
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { return .failure(UsageError(command: spec.name, message: "\(name) takes no value")) }
                parsed.flags.insert(name)
            case .value(let placeholder):
                guard let value = inlineValue ?? rest.popFirst(), !value.isEmpty, inlineValue != nil || !value.hasPrefix("--") else {
                    return .failure(UsageError(command: spec.name, message: "\(name) expects a value (\(placeholder))"))
                }
                if parsed.values[name] != nil, !option.isRepeatable {
                    return .failure(UsageError(command: spec.name, message: "\(name) given twice"))
                }
                if let choices = option.choices, !choices.contains(value) {
                    return .failure(UsageError(command: spec.name, message: "unknown \(placeholder.lowercased()) '\(value)' for \(name) (expected one of: \(choices.joined(separator: ", ")))"))
                }
                if option.isRepeatable { parsed.repeated[name, default: []].append(value) }
                parsed.values[name] = parsed.values[name] ?? value
            }
        }
        for option in spec.options where option.isRequired && parsed.values[option.name] == nil {
            if case .value(let placeholder) = option.kind {
                return .failure(UsageError(command: spec.name, message: "missing required option \(option.name) \(placeholder)"))
            }
        }
        return .success(.run(parsed))
    }
}
