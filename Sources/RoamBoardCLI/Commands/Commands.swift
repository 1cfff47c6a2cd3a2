/// Dispatches a parsed command to its implementation.
enum Commands {
    static func run(_ p: ParsedArguments) throws {
        switch p.command {
        case "record": try RecordCommand.run(p)
        case "rides": try RidesCommand.run(p)
        case "show": try ShowCommand.run(p)
        case "dump": try DumpCommand.run(p)
        case "view": try ViewCommand.run(p)
        case "explored": try ExploredCommand.run(p)
        case "rederive": try RederiveCommand.run(p)
        case "check": try CheckCommand.run(p)
        case "status": try StatusCommand.run(p)
        case "selftest": try SelftestCommand.run(p)
        case "bench-dump": try BenchDumpCommand.run(p)
        case "bench": try BenchCommand.run(p)
        case "bench-memory": try BenchMemoryCommand.run(p)
        case "prune": try PruneCommand.run(p)
        default: throw UsageError(command: nil, message: "subcommand '\(p.command)' is not implemented")
        }
    }
}
