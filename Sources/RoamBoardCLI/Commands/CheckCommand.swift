import RoamStore

/// `roam-board check`: SQLite's integrity check, then every ride's totals recomputed from its
/// fixes by the pipeline and compared with the stored row (P2). Opens the database read-only
/// and never writes, so it may run while the recorder records. Exit 0 consistent, 65 not.
enum CheckCommand {
    static func run(_ p: ParsedArguments) throws {
        let report = try PipelineReplay.check(path: try BoardLoader.databasePath(p))
        print(report.text)
        guard report.isConsistent else {
            throw CLIError(description: "\(report.path) is not consistent (see the report above)", status: ExitStatus.dataError)
        }
    }
}
