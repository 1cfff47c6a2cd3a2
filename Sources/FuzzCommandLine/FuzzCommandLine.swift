import RoamCommandLine

// libFuzzer target for the command-line parser and the help generator (RoamCommandLine).
// The input is the argument vector, NUL-separated. The table is the fuzzer's own, shaped like
// roam-board's (the real one lives in the executable): value options, flags, a required option,
// closed choices, a command without options, one with operands (and `--` before them). In a normal build this does nothing.
//
// Beyond "never traps": whatever parses respects the table (known options only, required ones
// present, choices honoured, no empty value), and every help topic renders.

private let specs: [CommandSpec] = [
    CommandSpec(name: "dump", abstract: "Dump rides.", options: [
        OptionSpec(name: "--db", kind: .value(placeholder: "FILE"), help: "The database."),
        OptionSpec(name: "--ride", kind: .value(placeholder: "N"), help: "The ride."),
        OptionSpec(name: "--all", kind: .flag, help: "Every ride."),
        OptionSpec(name: "--format", kind: .value(placeholder: "FORMAT"), help: "Format.", isRequired: true,
                   choices: ["gpx", "fit", "geojson", "csv"]),
        OptionSpec(name: "--out", kind: .value(placeholder: "DIR"), help: "Output folder."),
    ], discussion: "Give exactly one of --ride, --all."),
    CommandSpec(name: "record", abstract: "Record rides.", options: [
        OptionSpec(name: "--board", kind: .value(placeholder: "DIR"), help: "Board folder.", isRequired: true),
        OptionSpec(name: "--quiet", kind: .flag, help: "No progress."),
    ]),
    CommandSpec(name: "status", abstract: "Show the status.", options: []),
    CommandSpec(name: "import", abstract: "Import rides.", options: [
        OptionSpec(name: "--db", kind: .value(placeholder: "FILE"), help: "The database."),
    ], operands: "FILE|FOLDER..."),
]

private let parser = ArgumentParser(specs: specs)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let arguments = UnsafeBufferPointer(start: data, count: size)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    switch parser.parse(arguments) {
    case .failure(let error):
        _ = error.description
    case .success(.version):
        break
    case .success(.help(let topic)):
        _ = Usage.overview(specs)
        if let topic, let spec = specs.first(where: { $0.name == topic }) { _ = Usage.command(spec) }
    case .success(.run(let parsed)):
        check(parsed)
    }
    return 0
}

/// Traps when a parse result breaks the table it was parsed against.
private func check(_ parsed: ParsedArguments) {
    guard let spec = specs.first(where: { $0.name == parsed.command }) else { fatalError("unknown command \(parsed.command)") }
    for (name, value) in parsed.values {
        guard let option = spec.options.first(where: { $0.name == name }), case .value = option.kind else {
            fatalError("value for \(name), which is not a value option of \(spec.name)")
        }
        if value.isEmpty { fatalError("empty value for \(name)") }
        if let choices = option.choices, !choices.contains(value) { fatalError("\(name)=\(value) is not a choice") }
        do throws(UsageError) { _ = try parsed.integer(name) } catch { _ = error.description }
    }
    for flag in parsed.flags {
        guard let option = spec.options.first(where: { $0.name == flag }), case .flag = option.kind else {
            fatalError("flag \(flag) is not a flag of \(spec.name)")
        }
    }
    for option in spec.options where option.isRequired && parsed.values[option.name] == nil {
        fatalError("required \(option.name) missing from a successful parse")
    }
    if spec.operands == nil && !parsed.operands.isEmpty { fatalError("operands for \(spec.name), which takes none") }
    if parsed.operands.contains("") { fatalError("an empty operand") }
}
