/// Dispatches a parsed command to its implementation.
enum Commands {
    static let version = "0.1.0"
    /// The man page's date: the release's, so the generated page is reproducible.
    static let manDate = "2026-06"

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
        case "gpio-label": try GPIOLabelCommand.run(p)
        case "bench-dump": try BenchDumpCommand.run(p)
        case "bench": try BenchCommand.run(p)
        case "bench-memory": try BenchMemoryCommand.run(p)
        case "bench-cadence": try BenchCadenceCommand.run(p)
        case "bench-explored": try BenchExploredCommand.run(p)
        case "prune": try PruneCommand.run(p)
        case "drive-image": try DriveCommand.runImage(p)
        case "drive": try DriveCommand.runDrive(p)
        case "completion":
            let shell = try p.value(CommandTable.shell)
            print(shell == .zsh ? Completion.zsh(CommandTable.all) : Completion.bash(CommandTable.all), terminator: "")
        case "man": print(ManPage.roff(CommandTable.all, version: version, date: manDate), terminator: "")
        default: throw UsageError(command: nil, message: "subcommand '\(p.command)' is not implemented")
        }
    }
}
