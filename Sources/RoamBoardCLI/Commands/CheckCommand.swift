import RoamCore
import RoamStore
import RoamSystem

/// `roam-board check`: SQLite's integrity check, then every ride's fixes run again through the
/// pipeline from their raw columns, each derived column, the totals and the stored pipeline state
/// compared with what is stored (P2). Opens the database read-only and never writes, so it may run
/// while the recorder records. Exit 0 consistent, 65 not, and 65 too when a ride could not be
/// judged (a newer roam-board wrote into it): a check that could not judge is no pass.
enum CheckCommand {
    static func run(_ p: ParsedArguments) throws {
        let path = try BoardLoader.databasePath(p)
        try BoardLoader.requireDatabase(path)
        let report: ConsistencyReport
        do {
            report = try Rederivation.check(path: path)
        } catch let e as SQLiteError where e.isNotSQLiteAtAll {
            throw CLIError(description: ErrorText.sqlite(e, p), status: ExitStatus.dataError)
        } catch let e as SQLiteError where e.isCorrupt {
            // Damaged where even the schema or the list of rides is: nothing to list, and no command to send them to.
            throw CLIError(description: "\(FilePath.shown(path)) is too damaged to read even its list of rides, or is not a roam-board database "
                           + "(check --db/--board); roam-board cannot save rides from it", status: ExitStatus.dataError)
        }
        print(report.text)
        guard report.isConsistent else {
            throw CLIError(description: "\(FilePath.shown(report.path)) is not consistent (see the report above)", status: ExitStatus.dataError)
        }
        guard report.notJudgedCount == 0 else {
            throw CLIError(description: "\(FilePath.shown(report.path)): \(Plural.count(report.notJudgedCount, "ride")) not judged (see the report above): "
                           + "nothing wrong was found, but this roam-board cannot vouch for "
                           + (report.notJudgedCount == 1 ? "it" : "them") + "; check with the newer roam-board that wrote into "
                           + (report.notJudgedCount == 1 ? "it" : "them"), status: ExitStatus.dataError)
        }
    }
}
