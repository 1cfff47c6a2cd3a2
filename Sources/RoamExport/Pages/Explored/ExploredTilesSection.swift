/// The explored page's explorer tiles: the switches (a layer per zoom, the max cluster marked, the
/// max square outlined), the scores table, and the tiles' data with the script that draws them on
/// whichever map the page has (Scripts/explored-tiles.js, for the canvas map and the Leaflet one).
/// A page without tile layers carries none of it.
enum ExploredTilesSection {
    /// A zoom with its tiles' rough edge in the page's units (rewritten by the units switch).
    static func zoomWords(_ zoom: Int, _ markup: UnitMarkup) -> String {
        switch zoom {
        case 14: return "zoom 14 (~" + markup.span(1_500, .distance, digits: 1) + ")"
        case 17: return "zoom 17 (Squadrats, ~" + markup.span(200, .length, digits: 0) + ")"
        default: return "zoom \(zoom)"
        }
    }
    /// Translucent, so the cells stay readable under the tiles; the cluster and the square in colours apart.
    static let colours = [("@tile14@", "rgba(98,160,255,0.35)"), ("@tile17@", "rgba(235,120,255,0.35)"),
                          ("@cluster@", "rgba(40,90,230,0.6)"), ("@square@", "#ff4d4d")]
    static let script = PageTemplate.filled(String(decoding: PackageResources.explored_tiles_js, as: UTF8.self),
                                            in: "Scripts/explored-tiles.js", colours)

    static func controls(_ layers: [ExploredTileLayer], markup: UnitMarkup) -> String {
        guard !layers.isEmpty else { return "" }
        var s = "<div class=\"controls tiles-controls\" role=\"group\" aria-label=\"explorer tiles\"><b>Explorer tiles:</b>"
        for layer in layers {
            s += "<label><input type=\"checkbox\" id=\"tiles-\(layer.zoom)\"/> " + swatch("@tile\(layer.zoom)@")
                + zoomWords(layer.zoom, markup) + "</label>"
        }
        s += "<label><input type=\"checkbox\" id=\"tiles-cluster\" checked=\"checked\"/> " + swatch("@cluster@") + "max cluster marked</label>"
        s += "<label><input type=\"checkbox\" id=\"tiles-square\" checked=\"checked\"/> " + swatch("@square@", outline: true) + "max square outlined</label>"
        return s + "<span id=\"tiles-status\" class=\"hint\"></span></div>\n"
    }

    /// The legend's square for one of `colours`.
    private static func swatch(_ placeholder: String, outline: Bool = false) -> String {
        let colour = colours.first { $0.0 == placeholder }?.1 ?? "#888"
        return "<span class=\"swatch\" style=\"" + (outline ? "background:transparent;border:2px solid \(colour)" : "background:\(colour)") + "\"></span>"
    }

    static func scoresTable(_ layers: [ExploredTileLayer], markup: UnitMarkup) -> String {
        guard !layers.isEmpty else { return "" }
        var s = "<table class=\"totals tile-scores\">\n<tr><th>Explorer tiles</th><th>Tiles</th><th>Max square (side)</th>"
        s += "<th>Max cluster (tiles)</th></tr>\n"
        for layer in layers {
            let scores = layer.scores
            s += "<tr data-zoom=\"\(layer.zoom)\"><td>\(zoomWords(layer.zoom, markup))</td>"
            s += "<td class=\"tiles\">\(scores.tiles)</td><td class=\"max-square\">\(scores.maxSquare)</td>"
            s += "<td class=\"max-cluster\">\(scores.maxCluster)</td></tr>\n"
        }
        return s + "</table>\n"
    }

    /// Before the maps' scripts: both ask `RoamExplorerTiles` to draw when it is there.
    static func dataAndScript(_ layers: [ExploredTileLayer]) -> String {
        guard !layers.isEmpty else { return "" }
        return "<script type=\"application/json\" id=\"explored-tiles\">" + ExploredTileLayer.json(layers) + "</script>\n"
            + "<script id=\"explored-tiles-script\">\n" + script + "</script>\n"
    }
}
