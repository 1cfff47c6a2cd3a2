import Testing
@testable import RoamCommandLine

/// Completion scripts and the man page come from the table: every shown command and option is in them.
@Suite struct GeneratorTests {
    static let specs = [
        CommandSpec(name: "dump", abstract: "Hand rides over.", options: [
            OptionSpec(name: "--format", kind: .value(placeholder: "FORMAT"), help: "Format.", choices: ["gpx", "fit"]),
            OptionSpec(name: "--out", kind: .value(placeholder: "PATH"), help: "Where [to] go: - is stdout.", short: "-o"),
            OptionSpec(name: "--raw", kind: .flag, help: "Flagged too."),
        ]),
        CommandSpec(name: "prune-all", abstract: "Prune.", options: [OptionSpec(name: "--dry-run", kind: .flag, help: "Nothing.")]),
        CommandSpec(name: "secret", abstract: "Hidden.", options: [OptionSpec(name: "--x", kind: .flag, help: "x")], isHidden: true),
    ]

    @Test func shortAliasParsesAsTheLongOption() throws {
        let parsed = try ArgumentParser(specs: Self.specs).parse(["dump", "-o", "-"]).get()
        #expect(parsed == .run(ParsedArguments(command: "dump", values: ["--out": "-"])))
    }

    @Test func bashListsEveryShownCommandAndOption() {
        let bash = Completion.bash(Self.specs)
        #expect(bash.contains("compgen -W \"dump prune-all --help --version\""))
        #expect(bash.contains("compgen -W \"--format --out -o --raw --help\""))
        #expect(bash.contains("--format) COMPREPLY=($(compgen -W \"gpx fit\""))
        #expect(bash.contains("--out|-o) COMPREPLY=($(compgen -f"))
        #expect(bash.contains("compgen -W \"--dry-run --help\""))
        #expect(!bash.contains("secret"))
        #expect(bash.hasSuffix("complete -F _roam_board roam-board\n"))
    }

    @Test func zshListsEveryShownCommandAndOption() {
        let zsh = Completion.zsh(Self.specs)
        #expect(zsh.hasPrefix("#compdef roam-board\n"))
        #expect(zsh.contains("'dump:Hand rides over.'") && zsh.contains("'prune-all:Prune.'"))
        #expect(zsh.contains("'--format[Format.]:FORMAT:(gpx fit)'"))
        #expect(zsh.contains("'(-o --out)'{-o,--out}'[Where (to) go - - is stdout.]:PATH:_files'"))
        #expect(zsh.contains("'--raw[Flagged too.]'") && zsh.contains("'--dry-run[Nothing.]'"))
        #expect(!zsh.contains("secret"))
    }

    @Test func manPageHasEveryShownCommandAndOption() {
        let man = ManPage.roff(Self.specs, version: "9.9", date: "2026-06")
        #expect(man.hasPrefix(".TH ROAM\\-BOARD 1 \"2026-06\" \"roam\\-board 9.9\""))
        #expect(man.contains(".SS \\fBdump\\fR\nHand rides over.\n"))
        #expect(man.contains(".SS \\fBprune\\-all\\fR"))
        #expect(man.contains(".TP\n\\fB\\-o\\fR, \\fB\\-\\-out\\fR \\fIPATH\\fR\n"))
        #expect(man.contains("\\fB\\-\\-format\\fR \\fIFORMAT\\fR\nFormat. (one of: gpx, fit)\n"))
        #expect(man.contains("\\fB\\-\\-dry\\-run\\fR"))
        #expect(!man.contains("secret"))
    }
}
