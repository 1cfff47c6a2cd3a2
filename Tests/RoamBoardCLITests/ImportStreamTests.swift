import Foundation
import RoamTestSupport
import Testing

/// `import` of what is not a regular file: a pipe (`<(zcat ride.fit.gz)`) and standard input
/// (`/dev/stdin < ride.fit`, `… | roam-board import /dev/stdin`) are read once, with a bound, and
/// handed to gpsbabel as bytes; a device is refused in one line.
@Suite(.needs(ImportCommandTests.hasGPSBabel, "gpsbabel is not installed (scripts/test installs it)"))
struct ImportStreamTests {
    static let fit = ImportCommandTests.rides.appendingPathComponent("edge200-2015-10-13.fit").path

    /// roam-board run by bash as `script` says, with $1 the binary, $2 the database, $3 the FIT ride.
    static func viaShell(_ script: String, db: String) throws -> CLIRunner.Result {
        try CLIRunner.run(["-c", script, "bash", CLIRunner.binary.path, db, fit], executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test("A FIT ride from a pipe, from standard input redirected and piped: imported, its source named standard input",
          arguments: ["\"$1\" import --db \"$2\" <(cat \"$3\")",
                      "\"$1\" import --db \"$2\" /dev/stdin < \"$3\"",
                      "cat \"$3\" | \"$1\" import --db \"$2\" /dev/stdin"])
    func fitFromAStreamImports(_ script: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let r = try Self.viaShell(script, db: db)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("ride 1: imported from standard input (garmin edge200), 11.46 km"), "\(r.stdout)")
        // The same bytes from the file itself are the same ride.
        let again = try CLIRunner.run(["import", "--db", db, Self.fit])
        #expect(again.status == 0 && again.stdout.contains("already imported as ride 1"), "\(again.stdout)\(again.stderr)")
    }

    @Test("A device named (/dev/null; /dev/zero would never end) is refused in one line, exit 66; the other inputs imported")
    func aDeviceIsRefused() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("rides.db").path
        let r = try CLIRunner.run(["import", "--db", db, "/dev/null", Self.fit])
        #expect(r.status == 66, "\(r.stderr)")
        let refusals: [String] = r.stderr.split(separator: "\n").map(String.init).filter { $0.contains("/dev/null") }
        #expect(refusals == ["import: skipped /dev/null is a device, not a ride file: give a GPX, FIT or TCX file, "
                             + "a folder of them, or pipe one in (import /dev/stdin < ride.fit)"], "\(r.stderr)")
        #expect(r.stdout.contains("ride 1: imported from edge200-2015-10-13.fit"), "\(r.stdout)")
    }
}
