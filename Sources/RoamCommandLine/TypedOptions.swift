/// Something a subcommand declares once: the parser and the help read its `spec`, the command
/// reads its typed value from `ParsedArguments`.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
    public var spec: OptionSpec { self }
}

/// An option without a value: given or not.
public struct Flag: OptionDeclaration {
    public let spec: OptionSpec

    public init(_ name: String, help: String) {
        spec = OptionSpec(name: name, kind: .flag, help: help)
    }
}

/// An option that may be left out: its value, or nil.
public struct Option<Value: OptionValue>: OptionDeclaration {
    public let spec: OptionSpec
    /// Said when the text does not convert (default: the type's own expectation).
    public let expectation: String

    public init(_ name: String, _ placeholder: String, help: String, choices: [Value]? = nil,
                short: String? = nil, expecting expectation: String = Value.expectation) {
        spec = OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help,
                          choices: choices?.map(\.optionText), short: short)
        self.expectation = expectation
    }
}

/// An option the parser refuses to go without.
public struct RequiredOption<Value: OptionValue>: OptionDeclaration {
    public let spec: OptionSpec
    public let expectation: String

    public init(_ name: String, _ placeholder: String, help: String, choices: [Value]? = nil,
                short: String? = nil, expecting expectation: String = Value.expectation) {
        spec = OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help, isRequired: true,
                          choices: choices?.map(\.optionText), short: short)
        self.expectation = expectation
    }
}

/// An option that may be left out or given more than once (`--ride 3 --ride 7`): every value, in order.
public struct RepeatedOption<Value: OptionValue>: OptionDeclaration {
    public let spec: OptionSpec
    public let expectation: String

    public init(_ name: String, _ placeholder: String, help: String, expecting expectation: String = Value.expectation) {
        var spec = OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help)
        spec.isRepeatable = true
        self.spec = spec
        self.expectation = expectation
    }
}

/// An option with a default: written once here, shown in the help by `help(defaultText)`.
public struct DefaultedOption<Value: OptionValue>: OptionDeclaration {
    public let spec: OptionSpec
    public let defaultValue: Value
    public let expectation: String

    public init(_ name: String, _ placeholder: String, default defaultValue: Value, choices: [Value]? = nil,
                short: String? = nil, expecting expectation: String = Value.expectation,
                help: (_ defaultText: String) -> String) {
        spec = OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help(defaultValue.optionText),
                          choices: choices?.map(\.optionText), short: short)
        self.defaultValue = defaultValue
        self.expectation = expectation
    }
}

extension ParsedArguments {
    public func value(_ flag: Flag) -> Bool { has(flag.spec.name) }

    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        try converted(option.spec.name, expectation: option.expectation)
    }

    public func value<Value>(_ option: RequiredOption<Value>) throws(UsageError) -> Value {
        guard let value: Value = try converted(option.spec.name, expectation: option.expectation) else {
            throw UsageError(command: command, message: "missing required option \(option.spec.name) \(option.spec.placeholder)")
        }
        return value
    }

    public func values<Value>(_ option: RepeatedOption<Value>) throws(UsageError) -> [Value] {
        requireDeclared(option.spec.name)
        var all: [Value] = []
        for text in repeated[option.spec.name] ?? [] { all.append(try converted(option.spec.name, text, expectation: option.expectation)) }
        return all
    }

    public func value<Value>(_ option: DefaultedOption<Value>) throws(UsageError) -> Value {
        try converted(option.spec.name, expectation: option.expectation) ?? option.defaultValue
    }

    /// The option's text as given, for a message that quotes it.
    public func text(_ option: some OptionDeclaration) -> String? { value(option.spec.name) }

    /// Whether the option was on the command line at all (a default counts as not given).
    public func isGiven(_ option: some OptionDeclaration) -> Bool {
        requireDeclared(option.spec.name)
        return values[option.spec.name] != nil || flags.contains(option.spec.name)
    }

    private func converted<Value: OptionValue>(_ name: String, expectation: String) throws(UsageError) -> Value? {
        guard let text = value(name) else { return nil }
        return try converted(name, text, expectation: expectation) as Value
    }

    private func converted<Value: OptionValue>(_ name: String, _ text: String, expectation: String) throws(UsageError) -> Value {
        guard let value = Value(optionText: text) else {
            throw UsageError(command: command, message: "\(name) expects \(expectation), found '\(text)'")
        }
        return value
    }
}
