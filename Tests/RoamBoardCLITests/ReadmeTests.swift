import Foundation
import Testing

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
        for name in names + ["gpio-label", "bench-explored", "completion", "man"] {
            #expect(commands.contains("`\(name)`"), "README's command list lacks \(name)")
        }
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
