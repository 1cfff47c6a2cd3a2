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

    @Test func helpShowsTheOperands() {
        #expect(Usage.command(Self.specs[0]).contains("USAGE: roam-board import [--db FILE] FILE|FOLDER..."))
        #expect(ManPage.roff(Self.specs, version: "0", date: "2026").contains("\\fBimport\\fR \\fIFILE|FOLDER...\\fR"))
    }
}
