import Foundation
import Testing
@testable import RoamBoardCLI

/// The README opens with exactly its two set-up commands, then speaks to riders; its command list
/// names every subcommand the binary has, and its layout table every source folder.
@Suite struct ReadmeTests {
    static let text: String = {
        (try? String(contentsOf: TrialPaths.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The text of the section under `## title`, up to the next `## `.
    static func section(_ title: String) -> String {
        guard let start = text.range(of: "\n## \(title)\n") else { return "" }
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func opensWithExactlyTheTwoSetUpCommands() throws {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count > 5)
        #expect(lines[0] == "# Roam board" && lines[2] == "```sh")
        let block = lines[3...].prefix { $0 != "```" }
        #expect(block.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["./scripts/bench-ride", "./scripts/test"],
                "\(Array(block))")
        for script in ["scripts/bench-ride", "scripts/test"] {
            #expect(FileManager.default.isExecutableFile(atPath: TrialPaths.repoRoot.appendingPathComponent(script).path), "\(script)")
        }
    }

    @Test func theCommandListNamesEverySubcommand() throws {
        let help = try CLIRunner.run(["--help"]).stdout
        let names = help.split(separator: "\n").drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        try #require(names.count >= 10, "help lists \(names)")
        let commands = Self.section("Commands")
        for name in names + ["gpio-label", "led-off", "bench-explored", "completion", "man"] {
            #expect(commands.contains("`\(name)`"), "README's command list lacks \(name)")
        }
    }

    /// A fence after text on the same line ("**Where you have been.** ```sh") is no fence: the
    /// commands ran into the prose and every block after it swapped code and text.
    @Test func everyCodeFenceStandsOnALineOfItsOwn() throws {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.contains("```") {
            #expect(line.hasPrefix("```"), "README line \(index + 1): \(line)")
        }
        #expect(lines.filter { $0.hasPrefix("```") }.count % 2 == 0, "an unclosed code block")
    }

    /// Package.swift's targets as (kind, name): `.target(`, `.testTarget(` and the others, each with its first `name:`.
    static func packageTargets() throws -> [(kind: String, name: String)] {
        let text = try String(contentsOf: TrialPaths.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [(kind: String, name: String)] = []
        for kind in ["systemLibrary", "target", "executableTarget", "testTarget"] {
            var rest = Substring(text)
            while let open = rest.range(of: ".\(kind)("), let name = rest[open.upperBound...].range(of: "name: \"") {
                rest = rest[name.upperBound...]
                targets.append((kind, String(rest.prefix { $0 != "\"" })))
            }
        }
        return targets
    }

    /// Issue 26: every target of Package.swift has its row; a library without a test target of its own
    /// is named where the Tests row says what tests it ("one test target per library" was not so).
    @Test func theLayoutTableCoversEveryPackageTarget() throws {
        let targets = try Self.packageTargets()
        try #require(targets.count >= 20, "\(targets)")
        let layout = Self.section("Layout")
        for target in targets where target.kind != "testTarget" {
            #expect(layout.contains("`Sources/\(target.name)/`") || layout.contains("`\(target.name)/`"),
                    "README's layout lacks the \(target.kind) \(target.name)")
        }
        let testRow = try #require(layout.split(separator: "\n").first { $0.hasPrefix("| `Tests/`") })
        let tested = Set(targets.filter { $0.kind == "testTarget" }.map(\.name))
        for target in targets where target.kind == "target" && target.name != "CShims" && !tested.contains(target.name + "Tests") {
            #expect(testRow.contains("`\(target.name)`"), "\(target.name) has no test target, and the Tests row does not say what tests it")
        }
    }

    /// Issue 26: the README called its `-o` rules "shared by every command", and `explored` has no
    /// `-o`. The paragraph that states them names exactly the commands that take `--out`.
    @Test func theOutRulesNameExactlyTheCommandsThatTakeOut() throws {
        let rule = try #require(Self.text.range(of: "`-o/--out -` is standard output"), "the README no longer states -o's rules")
        let paragraph = Self.text[..<rule.lowerBound].range(of: "\n\n", options: .backwards)?.upperBound ?? Self.text.startIndex
        let claim = String(Self.text[paragraph..<rule.lowerBound])
        let commands = CommandTable.all.filter { !$0.isHidden }
        let withOut = Set(commands.filter { $0.options.contains { $0.name == "--out" } }.map(\.name))
        try #require(withOut.count >= 2, "\(withOut)")
        let without = commands.map(\.name).filter { !withOut.contains($0) }
        #expect(!claim.contains("every command"), "the README gives -o to every command; these have none: \(without)")
        // The commands it gives -o to: those named before its parenthesis (which names one without).
        let given = claim.prefix { $0 != "(" }.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(Set(given.filter { name in commands.contains { $0.name == name } }) == withOut, "\(claim)")
    }

    /// Issue 26: the README named the toolchain's folder and not where it comes from, and explained the
    /// explored page's encodings, which are for developers: those are in docs/FORMATS.md.
    @Test func saysWhereTheToolchainComesFromAndLeavesEncodingsToDocs() throws {
        #expect(Self.text.contains("swift.org's Linux one for Debian 12") && Self.text.contains("`/opt/swift/usr/bin/swift` exists"))
        let formats = try String(contentsOf: TrialPaths.repoRoot.appendingPathComponent("docs/FORMATS.md"), encoding: .utf8)
        for detail in ["base-32 text", "zigzag-coded steps", "equirectangular", "y·2^zoom + x"] {
            #expect(!Self.text.contains(detail) && formats.contains(detail), "\(detail)")
        }
        #expect(Self.text.contains("`docs/FORMATS.md`\n(The explored page's data)") && formats.contains("\n## The explored page's data\n"))
    }

    @Test func theLayoutTableNamesEverySourceFolder() throws {
        let sources = TrialPaths.repoRoot.appendingPathComponent("Sources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        try #require(folders.count >= 10)
        let layout = Self.section("Layout")
        for folder in folders { #expect(layout.contains("`Sources/\(folder)/`"), "README's layout lacks Sources/\(folder)") }
        for folder in ["CShims", "Boards", "Tests", "scripts", "docs", "packaging/deb"] {
            #expect(layout.contains("`\(folder)/`"), "README's layout lacks \(folder)")
        }
    }
}
