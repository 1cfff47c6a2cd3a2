import RoamCore

/// Leaflet, as Debian's libjs-leaflet installs it: the command reads its script and style when it
/// writes a page and inlines them (`RoamBoardCLI.LeafletFiles`), so the page stays one offline file
/// and the repository carries none of Leaflet's code. Without it a page keeps its static SVG map.
/// The drive's pages link one shared copy instead (`linking:`): hundreds of pages, one Leaflet.
/// The tile template is only a data attribute: no tile is asked for until the rider clicks the
/// base map control (Scripts/base-map.js).
public struct MapLibrary: Sendable {
    public static let openStreetMapTiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

    public let script: String
    public let style: String
    public let tilesTemplate: String
    /// The folder, relative to the page, holding `scriptFile` and `styleFile`; nil: inlined.
    public let linkedFolder: String?
    public static let scriptFile = "leaflet.js"
    public static let styleFile = "leaflet.css"

    /// A page that links Leaflet's files in `folder` (relative to the page) rather than inlining them.
    public init(linking folder: String, tilesTemplate: String = MapLibrary.openStreetMapTiles) {
        script = ""
        style = ""
        self.tilesTemplate = tilesTemplate
        linkedFolder = folder
    }

    public init(script: String, style: String, tilesTemplate: String = MapLibrary.openStreetMapTiles) {
        linkedFolder = nil
        // The source map comment would only invite a browser's developer tools to fetch a file.
        self.script = script.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("//# sourceMappingURL=") }.joined(separator: "\n")
        self.style = style.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("/*# sourceMappingURL=") }.joined(separator: "\n")
        self.tilesTemplate = tilesTemplate
    }

    /// A tile template must name the tile: {z}, {x} and {y}; nil when it does, else what is missing.
    public static func templateProblem(_ template: String) -> String? {
        let missing = ["{z}", "{x}", "{y}"].filter { !template.containsText($0) }
        guard missing.isEmpty else {
            return "the tile URL template \"\(template)\" lacks \(missing.joined(separator: ", ")) (e.g. \(openStreetMapTiles))"
        }
        return nil
    }

    /// Leaflet's style, then the page's own map style, for the page's head. Leaflet's CSS holds no `<`
    /// or `&` (checked when read), so the page stays well-formed XML.
    func styleElement(_ own: String) -> String {
        if let folder = linkedFolder {
            return "<link id=\"leaflet-css\" rel=\"stylesheet\" href=\"\(XMLText.escape(folder + "/" + Self.styleFile))\"/>\n"
                + "<style>\n" + own + "</style>\n"
        }
        return "<style id=\"leaflet-css\">\n" + style + "\n" + own + "</style>\n"
    }

    /// Leaflet's script, in a CDATA section (checked free of its terminator when read), or its link.
    var scriptElement: String {
        if let folder = linkedFolder {
            return "<script id=\"leaflet-js\" src=\"\(XMLText.escape(folder + "/" + Self.scriptFile))\"></script>\n"
        }
        return "<script id=\"leaflet-js\">//<![CDATA[\n" + script + "\n//]]></script>\n"
    }

    /// The element Leaflet draws into; `data-tiles` is the template the base map control would load.
    func container(_ id: String, label: String) -> String {
        "<div id=\"\(id)\" class=\"leafletmap\" hidden=\"hidden\" role=\"region\" aria-label=\"\(label)\" data-tiles=\"\(XMLText.escape(tilesTemplate))\"></div>\n"
    }

    /// Why a file read from the package cannot go into a page as is; nil when it can.
    public static func inlineProblem(script: String, style: String) -> String? {
        if script.containsText("]]>") { return "leaflet's script contains ]]>" }
        if script.lowercased().containsText("</script") { return "leaflet's script contains </script" }
        if style.contains("<") || style.contains("&") { return "leaflet's style contains < or &" }
        return nil
    }
}
