import RoamCommandLine
import RoamExport
import RoamSystem

/// Debian's libjs-leaflet, read each time `view` writes a page and inlined into it (`MapLibrary`):
/// the page stays one offline file and this repository carries none of Leaflet's code. Without the
/// package the page keeps its static SVG map and one line says what to install; the exit status
/// does not change, the page is still whole.
enum LeafletFiles {
    static let folder = "/usr/share/javascript/leaflet"
    /// For the tests only: another folder (an empty one plays a machine without the package).
    static let folderVariable = "ROAM_LEAFLET_DIR"
    static let missingLine = "view: the map cannot zoom without Debian's libjs-leaflet (apt install libjs-leaflet); the page has the static map\n"

    /// The `--tiles` template checked: it must name the tile ({z}, {x}, {y}).
    static func tilesTemplate(_ p: ParsedArguments) throws -> String {
        guard let template = try p.value(ViewCommand.Options.tiles) else { return MapLibrary.openStreetMapTiles }
        if let problem = MapLibrary.templateProblem(template) { throw UsageError(command: "view", message: "--tiles: \(problem)") }
        return template
    }

    /// The folder read: the package's, or `ROAM_LEAFLET_DIR`'s.
    static var directory: String { Environment.value(folderVariable) ?? folder }

    /// Leaflet's minified script (its full one if that is all there is) and style, without their
    /// source map comments; nil when the package is missing.
    static func read() -> MapLibrary? {
        let dir = directory
        let script = ["leaflet.min.js", "leaflet.js"].lazy.compactMap { try? FileSystem.readText(FilePath.join(dir, $0)) }.first
        guard let script, let style = try? FileSystem.readText(FilePath.join(dir, "leaflet.css")) else { return nil }
        return MapLibrary(script: script, style: style)
    }

    /// Leaflet to inline; nil, said once, when missing.
    static func load(tiles: String) -> MapLibrary? {
        guard let files = read() else {
            StandardStream.error(missingLine)
            return nil
        }
        if let problem = MapLibrary.inlineProblem(script: files.script, style: files.style) {
            StandardStream.error("view: \(problem) (\(directory)): it cannot go into a page, which keeps the static map\n")
            return nil
        }
        return MapLibrary(script: files.script, style: files.style, tilesTemplate: tiles)
    }
}
