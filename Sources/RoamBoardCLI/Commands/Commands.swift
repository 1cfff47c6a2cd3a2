/// Dispatches a parsed command to its implementation.
enum Commands {
    static func run(_ p: ParsedArguments) throws {
        switch p.command {
        case "record": try RecordCommand.run(p)
        case "rides": try RidesCommand.run(p)
        case "show": try ShowCommand.run(p)
        case "dump": try DumpCommand.run(p)
        default: throw UsageError(command: nil, message: "subcommand '\(p.command)' is not implemented")
        }
    }
}
