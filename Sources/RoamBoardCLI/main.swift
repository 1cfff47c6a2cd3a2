import Glibc

// Parse, call library code, map errors to an exit status. Nothing else.
let arguments = Array(CommandLine.arguments.dropFirst())
let parser = ArgumentParser(specs: CommandTable.all)
let status: Int32
switch parser.parse(arguments) {
case .failure(let usage):
    Console.error("roam-board: \(usage)")
    status = ExitStatus.usage
case .success(.version):
    print("roam-board 0.1.0")
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
        Console.error("roam-board \(parsed.command): \(error)")
        status = ExitStatus.of(error)
    }
}
exit(status)
