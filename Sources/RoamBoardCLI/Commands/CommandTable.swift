import RoamCommandLine

/// Every subcommand, registered once: its spec (options, help, man page, completion) beside the
/// function that runs it. `Commands.run` dispatches through this table, so a command cannot be
/// listed without running, or run without being listed.
enum CommandTable {
    struct Entry: Sendable {
        let spec: CommandSpec
        let run: @Sendable (ParsedArguments) throws -> Void
    }

    static let entries: [Entry] = [
        Entry(spec: RecordCommand.spec, run: RecordCommand.run),
        Entry(spec: RidesCommand.spec, run: RidesCommand.run),
        Entry(spec: ShowCommand.spec, run: ShowCommand.run),
        Entry(spec: DumpCommand.spec, run: DumpCommand.run),
        Entry(spec: ViewCommand.spec, run: ViewCommand.run),
        Entry(spec: ExploredCommand.spec, run: ExploredCommand.run),
        Entry(spec: ImportCommand.spec, run: ImportCommand.run),
        Entry(spec: RederiveCommand.spec, run: RederiveCommand.run),
        Entry(spec: CheckCommand.spec, run: CheckCommand.run),
        Entry(spec: PruneCommand.spec, run: PruneCommand.run),
        Entry(spec: DriveCommand.imageSpec, run: DriveCommand.runImage),
        Entry(spec: DriveCommand.driveSpec, run: DriveCommand.runDrive),
        Entry(spec: StatusCommand.spec, run: StatusCommand.run),
        Entry(spec: SelftestCommand.spec, run: SelftestCommand.run),
        Entry(spec: GPIOLabelCommand.spec, run: GPIOLabelCommand.run),
        Entry(spec: LEDOffCommand.spec, run: LEDOffCommand.run),
        Entry(spec: BenchDumpCommand.spec, run: BenchDumpCommand.run),
        Entry(spec: BenchMemoryCommand.spec, run: BenchMemoryCommand.run),
        Entry(spec: BenchCadenceCommand.spec, run: BenchCadenceCommand.run),
        Entry(spec: BenchCommand.spec, run: BenchCommand.run),
        Entry(spec: BenchExploredCommand.spec, run: BenchExploredCommand.run),
        // Generators for the .deb: shell completion and the man page, from this very table.
        Entry(spec: CommandSpec(name: "completion", abstract: "Print the bash or zsh completion script.", options: [shell],
                                discussion: "Also: roam-board completion bash", isHidden: true),
              run: { p in
                  let shell = try p.value(shell)
                  print(shell == .zsh ? Completion.zsh(all) : Completion.bash(all), terminator: "")
              }),
        Entry(spec: CommandSpec(name: "man", abstract: "Print the roam-board(1) man page (roff).", options: [], isHidden: true),
              run: { _ in print(ManPage.roff(all, version: Commands.version, date: Commands.manDate), terminator: "") }),
    ]

    static var all: [CommandSpec] { entries.map(\.spec) }

    enum Shell: String, ChoiceValue { case bash, zsh }
    static let shell = RequiredOption<Shell>("--shell", "SHELL", help: "The shell.", choices: Shell.allCases)

    static func spec(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
