import Foundation
import Testing

/// Debian's libjs-leaflet as the page tests see it: whether it is installed (./scripts/test
/// installs it), `view` run with or without it, and a page with Leaflet's inlined code and the
/// base map's opt-in tile template taken out, so what is left can be held to "refers to nothing".
enum ViewLeaflet {
    static let folder = "/usr/share/javascript/leaflet"
    static let isInstalled = FileManager.default.fileExists(atPath: folder + "/leaflet.css")
    static let skipReason: Comment = "Debian's libjs-leaflet is not installed: ./scripts/test installs it"
    static let scripts = ["leaflet-js", "map-data", "base-map", "ride-map"]

    /// `roam-board ARGS` with extra environment; status, stdout and stderr.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// The page without Leaflet's style and script elements, the base map's script and the data-tiles
    /// template: the URLs those hold are fetched only when the rider asks (page_judge checks that).
    static func withoutLeaflet(_ html: String) -> String {
        var s = html
        for (open, close) in [("<style id=\"leaflet-css\">", "</style>"), ("<script id=\"leaflet-js\">", "</script>"),
                              ("<script id=\"base-map\">", "</script>"), (" data-tiles=\"", "\"")] {
            while let a = s.range(of: open), let b = s.range(of: close, range: a.upperBound..<s.endIndex) {
                s.removeSubrange(a.lowerBound..<b.upperBound)
            }
        }
        return s
    }
}
