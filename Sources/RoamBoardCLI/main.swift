import Glibc
import RoamSystem

// Before anything opens a file: a closed standard stream's number would be given to it.
StandardStream.reserve()

// Parse, call library code, map errors to an exit status. Nothing else.
var arguments = Array(CommandLine.arguments.dropFirst())
// `completion bash` reads as `completion --shell bash`.
if arguments.count == 2, arguments[0] == "completion", !arguments[1].hasPrefix("-") { arguments.insert("--shell", at: 1) }
let parser = ArgumentParser(specs: CommandTable.all)
var status: Int32
// "roam-board show", as the command's own errors are named, when the command is known.
var speaker = "roam-board"
// The recorder and the drive keeper write a log, not a result: a log line lost to a stream gone bad
// (a full disk, journald away) is said, but their status stays the ride's or the drive's.
var keepsItsStatus = false
switch parser.parse(arguments) {
case .failure(let usage):
    speaker += usage.command.map { " " + $0 } ?? ""
    Console.error("\(speaker): \(usage)")
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
    speaker += " " + parsed.command
    keepsItsStatus = ["record", "drive"].contains(parsed.command)
    do {
        try Commands.run(parsed)
        status = ExitStatus.ok
    } catch {
        Console.error("\(speaker): \(ErrorText.describe(error, parsed))")
        status = ExitStatus.of(error)
    }
}
// What `print` wrote is lost to a full disk or a closed stream without a word unless checked here;
// a command that failed already keeps its own status.
do { try StandardStream.finishOutput() } catch {
    Console.error("\(speaker): \(StandardStream.outputFailure(error))")
    if status == ExitStatus.ok && !keepsItsStatus { status = ExitStatus.ioError }
}
exit(status)
