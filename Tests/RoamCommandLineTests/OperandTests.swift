import RoamCommandLine
import Testing

/// Arguments that are not options, for a command whose spec takes them (`import FILE|FOLDER...`).
struct OperandTests {
    static let specs = [
        CommandSpec(name: "import", abstract: "Import.", options: [
            OptionSpec(name: "--db", kind: .value(placeholder: "FILE"), help: "Database."),
        ], operands: "FILE|FOLDER..."),
        CommandSpec(name: "status", abstract: "Status.", options: []),
    ]
    let parser = ArgumentParser(specs: specs)

    @Test func operandsAreKeptInOrderBesideOptions() throws {
        let result = try parser.parse(["import", "a.fit", "--db", "r.db", "b/", "-"]).get()
        #expect(result == .run(ParsedArguments(command: "import", values: ["--db": "r.db"], operands: ["a.fit", "b/", "-"])))
    }

    @Test func aCommandWithoutOperandsStillRefusesAStrayArgument() {
        #expect(parser.parse(["status", "extra"]) == .failure(UsageError(command: "status",
            message: "unknown option 'extra' (expected: no options)")))
    }

    /// `import ""` once reached the file system and said "skipped :  does not exist" (exit 65):
    /// an empty operand names nothing, a usage error as an empty option value is.
    @Test func anEmptyOperandIsAUsageError() {
        #expect(parser.parse(["import", "a.gpx", ""]) == .failure(UsageError(command: "import",
            message: "an empty argument ('') where FILE|FOLDER... was expected")))
    }

    /// `import -- -ride.gpx` was "unknown option '--'": `--` ends the options, as in every Unix command,
    /// so a file whose name starts with "-" (or is "--help") can be named.
    @Test func doubleDashEndsTheOptions() throws {
        let result = try parser.parse(["import", "--db", "r.db", "--", "-ride.gpx", "--help", "--db", "--", "b.fit"]).get()
        #expect(result == .run(ParsedArguments(command: "import", values: ["--db": "r.db"],
                                               operands: ["-ride.gpx", "--help", "--db", "--", "b.fit"])))
        let dashes = try parser.parse(["import", "--", "a.gpx", "-"]).get()
        #expect(dashes == .run(ParsedArguments(command: "import", operands: ["a.gpx", "-"])))
    }

    @Test func anEmptyOperandAfterDoubleDashIsStillAUsageError() {
        #expect(parser.parse(["import", "--", ""]) == .failure(UsageError(command: "import",
            message: "an empty argument ('') where FILE|FOLDER... was expected")))
    }

    /// A command without operands takes `--` and nothing after it.
    @Test func aCommandWithoutOperandsTakesDoubleDashButNoArgumentAfterIt() throws {
        let ended = try parser.parse(["status", "--"]).get()
        #expect(ended == .run(ParsedArguments(command: "status")))
        #expect(parser.parse(["status", "--", "-x"]) == .failure(UsageError(command: "status",
            message: "unexpected argument '-x' after --: status takes no arguments but its options")))
    }

    @Test func helpShowsTheOperands() {
        #expect(Usage.command(Self.specs[0]).contains("USAGE: roam-board import [--db FILE] FILE|FOLDER..."))
        #expect(ManPage.roff(Self.specs, version: "0", date: "2026").contains("\\fBimport\\fR \\fIFILE|FOLDER...\\fR"))
    }
}
