/// A type an option's text turns into, once, where the option is declared: the commands get
/// typed values and never convert text themselves.
public protocol OptionValue: Sendable {
    init?(optionText: String)
    /// What a usage error says was expected: "--hz expects an integer, found 'x'".
    static var expectation: String { get }
    /// How the value reads in help text (a default, a choice).
    var optionText: String { get }
}

extension String: OptionValue {
    public init?(optionText: String) { self = optionText }
    public static var expectation: String { "a value" }
    public var optionText: String { self }
}

extension Int: OptionValue {
    public init?(optionText: String) { self.init(optionText) }
    public static var expectation: String { "an integer" }
    public var optionText: String { String(self) }
}

extension Int64: OptionValue {
    public init?(optionText: String) { self.init(optionText) }
    public static var expectation: String { "an integer" }
    public var optionText: String { String(self) }
}

extension Double: OptionValue {
    public init?(optionText: String) { self.init(optionText) }
    public static var expectation: String { "a number" }
    /// A whole number reads as one ("default 24", not "24.0").
    public var optionText: String {
        // Compared through Int rather than rounded(): no libm for the fuzzer that links this.
        if isFinite, abs(self) < 1e15, Double(Int(self)) == self { return String(Int(self)) }
        return String(self)
    }
}

/// A comma-separated list ("1,10"; empty elements are skipped); an element that does not convert
/// refuses the whole list.
extension Array: OptionValue where Element: OptionValue {
    public init?(optionText: String) {
        var elements: [Element] = []
        for part in optionText.split(separator: ",") {
            guard let element = Element(optionText: String(part)) else { return nil }
            elements.append(element)
        }
        self = elements
    }
    public static var expectation: String { "a comma-separated list, each \(Element.expectation)" }
    public var optionText: String { map(\.optionText).joined(separator: ",") }
}

/// A closed set of words (`--format gpx`): the accepted ones come from the cases, in their order.
public protocol ChoiceValue: OptionValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceValue {
    public init?(optionText: String) { self.init(rawValue: optionText) }
    public static var expectation: String { "one of: \(allCases.map(\.rawValue).joined(separator: ", "))" }
    public var optionText: String { rawValue }
}
