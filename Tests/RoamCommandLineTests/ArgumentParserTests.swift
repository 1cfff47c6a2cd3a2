import RoamCommandLine
import Testing

/// The parser as a pure function: arguments in, a parse result or a usage error out.
struct ArgumentParserTests {
    static let specs = [
        CommandSpec(name: "dump", abstract: "Dump.", options: [
            OptionSpec(name: "--ride", kind: .value(placeholder: "N"), help: "Ride."),
            OptionSpec(name: "--all", kind: .flag, help: "All."),
            OptionSpec(name: "--format", kind: .value(placeholder: "FORMAT"), help: "Format.", isRequired: true,
                       choices: ["gpx", "csv"]),
        ]),
        CommandSpec(name: "status", abstract: "Status.", options: []),
    ]
    let parser = ArgumentParser(specs: specs)

    @Test func valuesFlagsAndInlineValuesParse() throws {
        let result = try parser.parse(["dump", "--ride", "3", "--all", "--format=csv"]).get()
        #expect(result == .run(ParsedArguments(command: "dump", values: ["--ride": "3", "--format": "csv"], flags: ["--all"])))
        guard case .run(let parsed) = result else { Issue.record("parsed as \(result), not a command to run"); return }
        #expect(try parsed.integer("--ride") == 3)
    }

    /// A command reading an option its spec does not list traps (`requireDeclared`), rather than
    /// reading "not given": the parser hands every command its spec's option names to check against.
    @Test func theParsedCommandKnowsItsDeclaredOptions() throws {
        guard case .run(let parsed) = try parser.parse(["dump", "--format", "gpx"]).get() else {
            Issue.record("dump did not parse as a command to run"); return
        }
        #expect(parsed.declared == ["--ride", "--all", "--format"])
        #expect(parsed.value("--ride") == nil)
        guard case .run(let status) = try parser.parse(["status"]).get() else { Issue.record("status did not parse"); return }
        #expect(status.declared == [])
    }

    @Test func missingRequiredOptionNamesIt() {
        #expect(parser.parse(["dump", "--all"]) == .failure(UsageError(command: "dump", message: "missing required option --format FORMAT")))
    }

    @Test func unknownChoiceListsTheAcceptedOnes() {
        #expect(parser.parse(["dump", "--format", "kml"])
            == .failure(UsageError(command: "dump", message: "unknown format 'kml' for --format (expected one of: gpx, csv)")))
    }

    @Test func valueOptionRefusesAnotherOptionAsItsValue() {
        #expect(parser.parse(["dump", "--ride", "--all"]) == .failure(UsageError(command: "dump", message: "--ride expects a value (N)")))
    }

    @Test func optionGivenTwiceIsAnError() {
        #expect(parser.parse(["dump", "--format", "gpx", "--format", "csv"])
            == .failure(UsageError(command: "dump", message: "--format given twice")))
    }

    @Test func flagWithAValueIsAnError() {
        #expect(parser.parse(["dump", "--all=yes"]) == .failure(UsageError(command: "dump", message: "--all takes no value")))
    }

    @Test func helpAndVersionAreNotCommands() throws {
        #expect(try parser.parse(["--help"]).get() == .help(nil))
        #expect(try parser.parse(["help", "dump"]).get() == .help("dump"))
        #expect(try parser.parse(["status", "-h"]).get() == .help("status"))
        #expect(try parser.parse(["--version"]).get() == .version)
    }

    @Test func nonIntegerValueIsAUsageErrorSayingWhatWasFound() {
        let parsed = ParsedArguments(command: "dump", values: ["--ride": "x"])
        #expect(throws: UsageError(command: "dump", message: "--ride expects an integer, found 'x'")) { try parsed.integer("--ride") }
    }

    @Test func helpTextComesFromTheTable() {
        let text = Usage.command(Self.specs[0])
        #expect(text.hasPrefix("OVERVIEW: Dump.\n\nUSAGE: roam-board dump [--ride N] [--all] --format FORMAT\n"))
        #expect(text.contains("  --format FORMAT  Format. (one of: gpx, csv)"))
        #expect(Usage.overview(Self.specs).contains("  dump    Dump.\n  status  Status.\n"))
    }
}
