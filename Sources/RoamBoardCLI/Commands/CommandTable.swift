/// Every subcommand, in the order the help lists them: each declares its own options once
/// (`Options/`), and the parser, the help, the completions and the man page all read this table.
enum CommandTable {
    static let all: [CommandSpec] = [
        RecordCommand.spec, RidesCommand.spec, ShowCommand.spec, DumpCommand.spec, ViewCommand.spec, ExploredCommand.spec,
        RederiveCommand.spec, CheckCommand.spec, PruneCommand.spec, DriveCommand.imageSpec, DriveCommand.driveSpec,
        StatusCommand.spec, SelftestCommand.spec, GPIOLabelCommand.spec,
        BenchDumpCommand.spec, BenchMemoryCommand.spec, BenchCadenceCommand.spec, BenchCommand.spec, BenchExploredCommand.spec,
        // Generators for the .deb: shell completion and the man page, from this very table.
        CommandSpec(name: "completion", abstract: "Print the bash or zsh completion script.", options: [shell],
                    discussion: "Also: roam-board completion bash", isHidden: true),
        CommandSpec(name: "man", abstract: "Print the roam-board(1) man page (roff).", options: [], isHidden: true),
    ]

    enum Shell: String, ChoiceValue { case bash, zsh }
    static let shell = RequiredOption<Shell>("--shell", "SHELL", help: "The shell.", choices: Shell.allCases)

    static func spec(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
