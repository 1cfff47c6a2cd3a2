import Foundation
import Testing
@testable import RoamExport

/// The pages' JavaScript and CSS live in Sources/RoamExport/Scripts/ and Styles/ and are compiled
/// into the module: what the pages put between their script and style tags must be each file whole
/// (the explored page's colours filled in), and the files keep the house rule of at most 300 lines.
@Suite struct EmbeddedPageFilesTests {
    private static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let exportFolder = packageFolder.appendingPathComponent("Sources/RoamExport")

    /// `name` relative to Sources/RoamExport, e.g. "Scripts/explored.js".
    private func file(_ name: String) throws -> String {
        try String(contentsOf: Self.exportFolder.appendingPathComponent(name), encoding: .utf8)
    }

    private func withColours(_ template: String) -> String {
        template.replacing("@dark@", with: ExploredPageStyle.dark)
            .replacing("@lit@", with: ExploredPageStyle.lit)
            .replacing("@new@", with: ExploredPageStyle.new)
            .replacing("@track@", with: ExploredPageStyle.track)
    }

    @Test func replayScriptsAreTheFilesAndCloseTheirCDATAOnly() throws {
        let core = try file("Scripts/playback-core.js"), ui = try file("Scripts/playback-ui.js")
        #expect(PlaybackScript.core == core)
        #expect(PlaybackScript.ui == ui)
        // The page writes "//]]>" straight after each: it must start a line and be the only one.
        for script in [PlaybackScript.core, PlaybackScript.ui] {
            #expect(script.hasSuffix("\n"))
            #expect(!script.contains("]]>"))
        }
    }

    @Test func exploredScriptIsTheFileWithThePageColoursFilledIn() throws {
        let template = try file("Scripts/explored.js")
        let filled = withColours(template)
        #expect(filled != template)
        #expect(ExploredPageScript.source == filled)
        let colours = "const COLORS = { dark: \"\(ExploredPageStyle.dark)\", lit: \"\(ExploredPageStyle.lit)\", "
        #expect(ExploredPageScript.source.contains(colours))
    }

    @Test func stylesAreTheFiles() throws {
        let ride = try file("Styles/ride-page.css"), replay = try file("Styles/playback.css")
        #expect(PageStyle.css == ride)
        #expect(PlaybackControls.css == replay)
        let explored = try file("Styles/explored.css")
        #expect(withColours(explored) != explored)
        #expect(ExploredPageStyle.css == withColours(explored))
        #expect(ExploredPageStyle.css.contains(".swatch.dark { background: \(ExploredPageStyle.dark); }"))
    }

    /// A file not declared in Package.swift would not be in the binary.
    @Test(arguments: ["Scripts", "Styles"])
    func everyFileIsEmbeddedAndAtMost300Lines(folder: String) throws {
        let path = Self.exportFolder.appendingPathComponent(folder).path
        let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }
        #expect(names.count >= 3)
        let manifest = try String(contentsOf: Self.packageFolder.appendingPathComponent("Package.swift"), encoding: .utf8)
        for name in names {
            #expect(manifest.contains(".embedInCode(\"\(folder)/\(name)\")"), "\(folder)/\(name) is not declared in Package.swift")
            let lines = try file(folder + "/" + name).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 300, "\(folder)/\(name) has \(lines) lines")
        }
    }
}
