import Foundation

/// The bench board's ride recorded by `record` into `dir`, and its page written by `view`: the
/// ride the page and replay tests judge.
enum ViewBenchRide {
    static func recordAndView(in dir: URL) throws -> (db: String, html: String) {
        let db = dir.appendingPathComponent("rides.db").path
        let record = try CLIRunner.run(["record", "--board", "Boards/bench", "--db", db, "--quiet"])
        guard record.status == 0 else { throw TrialSetupError(message: "record exited \(record.status): \(record.stderr)") }
        let out = dir.appendingPathComponent("ride.html").path
        let view = try CLIRunner.run(["view", "--db", db, "--ride", "1", "--out", out])
        guard view.status == 0 else { throw TrialSetupError(message: "view exited \(view.status): \(view.stderr)") }
        return (db, try String(contentsOfFile: out, encoding: .utf8))
    }
}
