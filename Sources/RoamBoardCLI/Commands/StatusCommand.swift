/// `roam-board status`: being built (see the open issues); until then it refuses clearly.
enum StatusCommand {
    static func run(_ p: ParsedArguments) throws {
        throw CLIError(description: "'status' is not implemented yet", status: ExitStatus.failure)
    }
}
