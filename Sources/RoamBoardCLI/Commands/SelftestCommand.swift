/// `roam-board selftest`: being built (see the open issues); until then it refuses clearly.
enum SelftestCommand {
    static func run(_ p: ParsedArguments) throws {
        throw CLIError(description: "'selftest' is not implemented yet", status: ExitStatus.failure)
    }
}
