/// `roam-board check`: being built (see the open issues); until then it refuses clearly.
enum CheckCommand {
    static func run(_ p: ParsedArguments) throws {
        throw CLIError(description: "'check' is not implemented yet", status: ExitStatus.failure)
    }
}
