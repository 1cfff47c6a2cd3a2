import Glibc
import RoamExport
import RoamSystem

/// Debian's libjs-leaflet, read each time a page is written: `view` inlines it into the page
/// (`MapLibrary`), the drive links its one shared copy. This repository carries none of Leaflet's code.
public enum LeafletFiles {
    public static let folder = "/usr/share/javascript/leaflet"
    /// For the tests only: another folder (an empty one plays a machine without the package).
    public static let folderVariable = "ROAM_LEAFLET_DIR"
    /// The folder read: the package's, or `ROAM_LEAFLET_DIR`'s.
    public static var directory: String { Environment.value(folderVariable) ?? folder }

    /// Leaflet's minified script (its full one if that is all there is) and style, without their
    /// source map comments; nil when the package is missing. A file that is there but cannot be read
    /// (EACCES, EIO) throws: that is no missing package, and installing it would not help.
    public static func read() throws(SystemError) -> MapLibrary? {
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
    public static func unreadable(_ error: SystemError) -> String {
        "the map cannot zoom: cannot read \(FilePath.shown(error.subject)): \(error.errno.words) "
            + "(Debian's libjs-leaflet: check the file, or reinstall the package)"
    }
}
