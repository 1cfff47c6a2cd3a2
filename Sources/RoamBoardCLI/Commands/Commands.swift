/// Dispatches a parsed command to its implementation (`CommandTable`).
enum Commands {
    static let version = "0.1.0"
    /// The man page's date: the release's, so the generated page is reproducible.
    static let manDate = "2026-06"

    static func run(_ p: ParsedArguments) throws {
        guard let entry = CommandTable.entries.first(where: { $0.spec.name == p.command }) else {
            throw UsageError(command: nil, message: "unknown subcommand '\(p.command)' (see roam-board --help)")
        }
        try entry.run(p)
    }
}
