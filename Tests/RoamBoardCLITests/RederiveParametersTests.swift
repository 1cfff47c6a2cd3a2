import Foundation
import Testing

/// `rederive --params FILE` reads its file strictly: a misspelt key is refused (never ignored), and
/// text that is not JSON or holds a value of the wrong kind is refused with the parameter and the byte.
@Suite struct RederiveParametersTests {
    @Test func aParametersFileIsReadStrictlyAndSaysWhereItIsWrong() throws {
        let f = try DumpFixture.make()
        defer { f.remove() }
        func rederive(_ json: String) throws -> CLIRunner.Result {
            let file = f.directory.appendingPathComponent("p.json")
            try Data(json.utf8).write(to: file)
            return try CLIRunner.run(["rederive", "--db", f.dbPath, "--ride", "\(f.a.id)", "--params", file.path, "--dry-run"])
        }
        let unknown = try rederive(#"{"gapAfterS": 9, "gapAftreS": 1}"#)
        #expect(unknown.status == 65 && unknown.stderr.contains("p.json: unknown parameter 'gapAftreS' (known: algorithm, altitudeSource, baroMaxVerticalSpeedMps, "),
                "\(unknown.stderr)")
        let trailingComma = try rederive(#"{"gapAfterS": 9,}"#)
        #expect(trailingComma.status == 65 && trailingComma.stderr.contains(
            "p.json is not valid pipeline parameters JSON: expected a key in quotes, found '}' at byte 16"), "\(trailingComma.stderr)")
        let wrongKind = try rederive(#"{"climbHysteresisM": "5"}"#)
        #expect(wrongKind.status == 65 && wrongKind.stderr.contains(
            "expected a number for \"climbHysteresisM\", found a string at byte 21"), "\(wrongKind.stderr)")
        let notAnObject = try rederive("[1]")
        #expect(notAnObject.status == 65 && notAnObject.stderr.contains("p.json: expected a JSON object of pipeline parameters"), "\(notAnObject.stderr)")
        let good = try rederive(#"{"gapAfterS": 9.0, "jumpConfirmFixes": 4}"#)
        #expect(good.status == 0 && good.stdout.hasPrefix("dry run, nothing changed: ride \(f.a.id) would be rederived"), "\(good.stderr)")
    }
}
