import Glibc
import RoamBenchmarks
import RoamCommandLine
import RoamSystem

// Before anything opens a file: a closed standard stream's number would be given to it.
StandardStream.reserve()

// roam-perf: parse, run one benchmark step, map errors to an exit status (64 usage, 1 failure).
let parser = ArgumentParser(specs: PerfCommands.all)
let status: Int32
switch parser.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let usage):
    printError("roam-perf: \(usage.message)\nSubcommands: \(PerfCommands.all.map(\.name).joined(separator: ", ")); '<subcommand> --help' for options.")
    status = 64
case .success(.version):
    print("roam-perf 0.1.0")
    status = 0
case .success(.help(let topic)):
    if let topic, let spec = PerfCommands.all.first(where: { $0.name == topic }) {
        print(Usage.command(spec, program: "roam-perf"))
    } else {
        for spec in PerfCommands.all { print(Usage.command(spec, program: "roam-perf")); print() }
    }
    status = 0
case .success(.run(let parsed)):
    do {
        try PerfRunner.run(parsed)
        status = 0
    } catch let error as UsageError {
        printError("roam-perf \(parsed.command): \(error.message)")
        status = 64
    } catch {
        printError("roam-perf \(parsed.command): \(error)")
        status = 1
    }
}
exit(status)

/// One line on stderr (write(2): Glibc's `stderr` is a global Swift 6 refuses).
func printError(_ line: String) {
    var text = line + "\n"
    _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
}
