import RoamCommandLine
import Testing

/// Options declared once with their type and default: the parser and the help read the
/// declaration, the command reads a typed value or a usage error saying what was wrong.
struct TypedOptionTests {
    enum Format: String, ChoiceValue { case gpx, csv }

    static let ride = Option<Int64>("--ride", "N", help: "Ride.")
    static let hours = DefaultedOption<Double>("--hours", "H", default: 24) { "Ride length in hours (default \($0))." }
    static let rates = DefaultedOption<[Int]>("--hz", "LIST", default: [1, 10]) { "Rates (default \($0))." }
    static let format = RequiredOption<Format>("--format", "FORMAT", help: "Format.", choices: Format.allCases)
    static let interval = Option<Double>("--interval", "S", help: "Cadence.", expecting: "seconds from 0 to 5")
    static let all = Flag("--all", help: "All.")
    static let spec = CommandSpec(name: "dump", abstract: "Dump.", options: [ride, hours, rates, format, interval, all])
    let parser = ArgumentParser(specs: [spec])

    func parsed(_ arguments: [String]) throws -> ParsedArguments {
        let result = try parser.parse(arguments).get()
        guard case .run(let parsed) = result else { throw UsageError(command: nil, message: "not a command to run: \(result)") }
        return parsed
    }

    @Test func givenValuesArriveTyped() throws {
        let p = try parsed(["dump", "--ride", "3", "--hours", "1.5", "--hz", "1,5,10", "--format", "csv", "--all"])
        let ride = try p.value(Self.ride), hours = try p.value(Self.hours), rates = try p.value(Self.rates)
        let format = try p.value(Self.format)
        #expect(ride == 3)
        #expect(hours == 1.5)
        #expect(rates == [1, 5, 10])
        #expect(format == .csv)
        #expect(p.value(Self.all))
        #expect(p.isGiven(Self.hours) && p.isGiven(Self.all))
    }

    @Test func leftOutValuesAreNilOrTheDeclaredDefault() throws {
        let p = try parsed(["dump", "--format", "gpx"])
        let ride = try p.value(Self.ride), hours = try p.value(Self.hours), rates = try p.value(Self.rates)
        #expect(ride == nil)
        #expect(hours == 24)
        #expect(rates == [1, 10])
        #expect(!p.value(Self.all) && !p.isGiven(Self.hours))
    }

    @Test func theHelpShowsTheDefaultAndTheChoicesFromTheDeclaration() {
        let text = Usage.command(Self.spec)
        #expect(text.contains("Ride length in hours (default 24)."))
        #expect(text.contains("Rates (default 1,10)."))
        #expect(text.contains("Format. (one of: gpx, csv)"))
        #expect(text.contains("USAGE: roam-board dump [--ride N] [--hours H] [--hz LIST] --format FORMAT [--interval S] [--all]"))
    }

    @Test func aValueThatDoesNotConvertIsAUsageErrorSayingWhatWasExpected() throws {
        let p = try parsed(["dump", "--format", "gpx", "--ride", "x", "--hours", "long", "--hz", "1,y", "--interval", "soon"])
        #expect(throws: UsageError(command: "dump", message: "--ride expects an integer, found 'x'")) { try p.value(Self.ride) }
        #expect(throws: UsageError(command: "dump", message: "--hours expects a number, found 'long'")) { try p.value(Self.hours) }
        #expect(throws: UsageError(command: "dump", message: "--hz expects a comma-separated list, each an integer, found '1,y'")) {
            try p.value(Self.rates)
        }
        #expect(throws: UsageError(command: "dump", message: "--interval expects seconds from 0 to 5, found 'soon'")) {
            try p.value(Self.interval)
        }
        #expect(p.text(Self.interval) == "soon")
    }

    @Test func aRequiredOptionMissingFromHandBuiltArgumentsIsAUsageErrorNotATrap() {
        let p = ParsedArguments(command: "dump")
        #expect(throws: UsageError(command: "dump", message: "missing required option --format FORMAT")) { try p.value(Self.format) }
    }

    @Test func wholeNumbersReadAsWholeNumbersInTheHelp() {
        #expect(24.0.optionText == "24")
        #expect(1.5.optionText == "1.5")
        #expect([10.0, 20].optionText == "10,20")
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrderAndAnyOtherGivenTwiceIsStillAnError() throws {
        let rides = RepeatedOption<Int64>("--ride", "N", help: "Ride.")
        let spec = CommandSpec(name: "prune", abstract: "Prune.", options: [rides, Self.format])
        let parser = ArgumentParser(specs: [spec])
        guard case .run(let p) = try parser.parse(["prune", "--ride", "7", "--format", "gpx", "--ride=3"]).get() else {
            Issue.record("prune did not parse as a command to run"); return
        }
        #expect(try p.values(rides) == [7, 3])
        #expect(Usage.command(spec).contains("USAGE: roam-board prune [--ride N ...] --format FORMAT"))
        #expect(parser.parse(["prune", "--ride", "7", "--format", "gpx", "--format", "csv"])
            == .failure(UsageError(command: "prune", message: "--format given twice")))
        guard case .run(let bad) = try parser.parse(["prune", "--ride", "7", "--ride", "x", "--format", "gpx"]).get() else {
            Issue.record("prune with a bad --ride did not parse as a command to run"); return
        }
        #expect(throws: UsageError(command: "prune", message: "--ride expects an integer, found 'x'")) { try bad.values(rides) }
    }
}
