import Glibc
import RoamSystem

// Before anything opens a file: a closed standard stream's number would be given to it.
StandardStream.reserve()

// Parse, call library code, map errors to an exit status. Nothing else.
var arguments = Array(CommandLine.arguments.dropFirst())
// `completion bash` reads as `completion --shell bash`.
if arguments.count == 2, arguments[0] == "completion", !arguments[1].hasPrefix("-") { arguments.insert("--shell", at: 1) }
let parser = ArgumentParser(specs: CommandTable.all)
let status: Int32
switch parser.parse(arguments) {
case .failure(let usage):
    // Named as the command's own errors are ("roam-board show: ..."), when the command is known.
    Console.error("roam-board\(usage.command.map { " " + $0 } ?? ""): \(usage)")
    status = ExitStatus.usage
case .success(.version):
    print("roam-board \(Commands.version)")
    status = ExitStatus.ok
case .success(.help(let topic)):
    if let topic, let spec = CommandTable.spec(topic) {
        print(Usage.command(spec)); status = ExitStatus.ok
    } else if let topic {
        Console.error("roam-board: unknown subcommand '\(topic)'"); status = ExitStatus.usage
    } else {
        print(Usage.overview(CommandTable.all)); status = ExitStatus.ok
    }
case .success(.run(let parsed)):
    do {
        try Commands.run(parsed)
        status = ExitStatus.ok
    } catch {
        Console.error("roam-board \(parsed.command): \(ErrorText.describe(error))")
        status = ExitStatus.of(error)
    }
}
exit(status)
