import RoamCommandLine
import RoamExport
import RoamHandover
import RoamSystem

/// `view` inlines Debian's libjs-leaflet (`LeafletFiles`) into the page, so it stays one offline
/// file. Without the package the page keeps its static SVG map and one line says what to install;
/// the exit status does not change, the page is still whole.
extension LeafletFiles {
    static let missingLine = "view: the map cannot zoom without Debian's libjs-leaflet (apt install libjs-leaflet); the page has the static map\n"

    /// The `--tiles` template checked: it must name the tile ({z}, {x}, {y}).
    static func tilesTemplate(_ p: ParsedArguments) throws -> String {
        guard let template = try p.value(ViewCommand.Options.tiles) else { return MapLibrary.openStreetMapTiles }
        if let problem = MapLibrary.templateProblem(template) { throw UsageError(command: "view", message: "--tiles: \(problem)") }
        return template
    }

    /// Leaflet to inline; nil, said once, when missing.
    static func load(tiles: String) -> MapLibrary? {
        let read: MapLibrary?
        do throws(SystemError) { read = try Self.read() } catch {
            StandardStream.error("view: \(unreadable(error)); the page has the static map\n")
            return nil
        }
        guard let files = read else {
            StandardStream.error(missingLine)
            return nil
        }
        if let problem = MapLibrary.inlineProblem(script: files.script, style: files.style) {
            StandardStream.error("view: \(problem) (\(FilePath.shown(directory))): it cannot go into a page, which keeps the static map\n")
            return nil
        }
        return MapLibrary(script: files.script, style: files.style, tilesTemplate: tiles)
    }
}
