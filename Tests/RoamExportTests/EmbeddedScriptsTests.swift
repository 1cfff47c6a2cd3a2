import Foundation
import Testing
@testable import RoamExport

/// The pages' JavaScript lives in Sources/RoamExport/Scripts/ and is compiled into the module: what
/// the pages put between their script tags must be each file whole, and the files keep the house
/// rule of at most 300 lines.
@Suite struct EmbeddedScriptsTests {
    private static let scriptsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RoamExport/Scripts")

    private func file(_ name: String) throws -> String {
        try String(contentsOf: Self.scriptsFolder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func replayScriptsAreTheFilesAndCloseTheirCDATAOnly() throws {
        let core = try file("replay-core.js"), ui = try file("replay-ui.js")
        #expect(ReplayScript.core == core)
        #expect(ReplayScript.ui == ui)
        // The page writes "//]]>" straight after each: it must start a line and be the only one.
        for script in [ReplayScript.core, ReplayScript.ui] {
            #expect(script.hasSuffix("\n"))
            #expect(!script.contains("]]>"))
        }
    }

    @Test func exploredScriptIsTheFileWithThePageColoursFilledIn() throws {
        let template = try file("explored.js")
        let filled = template.replacing("@dark@", with: ExploredPageStyle.dark)
            .replacing("@lit@", with: ExploredPageStyle.lit)
            .replacing("@new@", with: ExploredPageStyle.new)
            .replacing("@track@", with: ExploredPageStyle.track)
        #expect(filled != template)
        #expect(ExploredPageScript.source == filled)
        let colours = "const COLORS = { dark: \"\(ExploredPageStyle.dark)\", lit: \"\(ExploredPageStyle.lit)\", "
        #expect(ExploredPageScript.source.contains(colours))
    }

    /// A file not declared in Package.swift would not be in the binary.
    @Test func everyScriptFileIsEmbeddedAndAtMost300Lines() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.scriptsFolder.path).filter { $0.hasSuffix(".js") }
        #expect(names.count >= 3)
        let manifestURL = Self.scriptsFolder.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Package.swift")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        for name in names {
            #expect(manifest.contains(".embedInCode(\"Scripts/\(name)\")"), "\(name) is not declared in Package.swift")
            let lines = try file(name).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 300, "\(name) has \(lines) lines")
        }
    }
}
