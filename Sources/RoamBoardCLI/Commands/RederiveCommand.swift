/// `roam-board rederive`: being built (see the open issues); until then it refuses clearly.
enum RederiveCommand {
    static func run(_ p: ParsedArguments) throws {
        throw CLIError(description: "'rederive' is not implemented yet", status: ExitStatus.failure)
    }
}
