import RoamCommandLine
import RoamExport
import Glibc
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
    /// source map comments; nil when the package is missing. A file that is there but cannot be read
    /// (EACCES, EIO) throws: that is no missing package, and installing it would not help.
    static func read() throws(SystemError) -> MapLibrary? {
        let dir = directory
        var script = try readIfThere(FilePath.join(dir, "leaflet.min.js"))
        if script == nil { script = try readIfThere(FilePath.join(dir, "leaflet.js")) }
        guard let script, let style = try readIfThere(FilePath.join(dir, "leaflet.css")) else { return nil }
        return MapLibrary(script: script, style: style)
    }

    /// The file's text, or nil when it is not there (the package is not installed).
    private static func readIfThere(_ path: String) throws(SystemError) -> String? {
        do throws(SystemError) { return try FileSystem.readText(path) } catch {
            if error.errno == .noSuchFile || error.errno.rawValue == ENOTDIR { return nil }
            throw error
        }
    }

    /// A Leaflet file there but unreadable, by path and why.
    static func unreadable(_ error: SystemError) -> String {
        "the map cannot zoom: cannot read \(FilePath.shown(error.subject)): \(error.errno.words) "
            + "(Debian's libjs-leaflet: check the file, or reinstall the package)"
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
