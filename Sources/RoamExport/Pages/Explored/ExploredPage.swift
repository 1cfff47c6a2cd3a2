import RoamCore

/// The explored map as one self-contained page: every explored cell drawn on a canvas, lit on a
/// dark ground, at precision 5, 6 or 7 by zoom; the rides' tracks as thin lines (toggleable);
/// the cells one ride visited first marked; a legend and the totals. Nothing is fetched: the
/// cells travel as run-encoded geohash integers (`ExploredCellRuns`) and the tracks as
/// delta-encoded numbers in one JSON block, decoded and drawn by the inline script.
public struct ExploredPage {
    /// What the page says beside the map, already in the rider's words and time zone.
    public struct Facts: Sendable {
        public var databasePath: String
        public var rideCount: Int
        public var firstVisit: String?
        public var lastVisit: String?
        public var zoneLabel: String
        /// Shown above the map: what is missing and how to fill it.
        public var warnings: [String]

        public init(databasePath: String, rideCount: Int, firstVisit: String?, lastVisit: String?, zoneLabel: String,
                    warnings: [String] = []) {
            self.databasePath = databasePath; self.rideCount = rideCount; self.firstVisit = firstVisit
            self.lastVisit = lastVisit; self.zoneLabel = zoneLabel; self.warnings = warnings
        }
    }

    public let census: ExploredCensus
    public let tracks: [ExploredTrack]
    public let facts: Facts
    /// Leaflet from Debian's libjs-leaflet: the cells and tracks as layers of a map with a base map on
    /// request (Scripts/explored-map.js); nil keeps the canvas map, which stays the fallback.
    public let mapLibrary: MapLibrary?
    /// The explorer tiles at zooms 14 and 17, drawn over the cells when switched on (ExploredTilesSection).
    public let tileLayers: [ExploredTileLayer]

    public init(census: ExploredCensus, tracks: [ExploredTrack], facts: Facts, mapLibrary: MapLibrary? = nil,
                tileLayers: [ExploredTileLayer] = [], units: UnitFormatter = .metric) {
        self.census = census; self.tracks = tracks; self.facts = facts; self.mapLibrary = mapLibrary
        self.tileLayers = tileLayers; self.markup = UnitMarkup(units)
    }

    /// The areas in the page's units, rewritten by the units switch.
    public let markup: UnitMarkup

    /// Approximate cell edge at each precision, for the legend and the totals.
    public static let cellSize = [5: "~4.9 km", 6: "~1.2 km × 0.6 km", 7: "~150 m"]
    public static let cellSizeImperial = [5: "~3.0 mi", 6: "~0.7 × 0.4 mi", 7: "~490 ft"]

    public func render() -> String {
        var s = "<!DOCTYPE html>\n<html lang=\"en\"\(markup.htmlAttribute)>\n<head>\n<meta charset=\"utf-8\"/>\n"
        s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        s += "<title>Explored: \(census.levels[7]?.cells ?? 0) cells</title>\n<style>\n\(ExploredPageStyle.css)</style>\n"
        s += (mapLibrary?.styleElement(MapScripts.css) ?? "") + "</head>\n<body>\n"
        s += "<h1>Explored <small>every cell ever ridden, \(XMLText.escape(facts.databasePath))</small></h1>\n"
        for warning in facts.warnings { s += "<p class=\"warning\" role=\"alert\">\(XMLText.escape(warning))</p>\n" }
        s += controls()
        s += ExploredTilesSection.controls(tileLayers, markup: markup)
        s += "<div class=\"mapbox\"><canvas id=\"map\" aria-label=\"map of explored cells\"></canvas>"
        s += (mapLibrary?.container("explored-leaflet", label: "Explored map: drag to pan, wheel or pinch to zoom") ?? "")
        s += "<p id=\"map-status\" class=\"status\">Drawing…</p></div>\n"
        s += legend()
        s += totalsTable()
        s += ExploredTilesSection.scoresTable(tileLayers, markup: markup)
        s += "<p class=\"note\">Cells are geohashes: stored at precision 7, and 6 and 5 are their prefixes. "
        s += "Areas are on a sphere of the mean Earth radius. Times are in \(XMLText.escape(facts.zoneLabel)).</p>\n"
        s += "<script type=\"application/json\" id=\"explored-data\">\(dataJSON())</script>\n"
        s += ExploredTilesSection.dataAndScript(tileLayers)
        // Leaflet first: the canvas script leaves the drawing to the Leaflet map when it is there.
        s += mapLibrary?.scriptElement ?? ""
        s += UnitMarkup.scriptElement + "<script>\n\(ExploredPageScript.source)</script>\n"
        if mapLibrary != nil { s += MapScripts.inline("base-map", MapScripts.baseMap) + MapScripts.inline("explored-map", MapScripts.exploredMap) }
        s += "</body>\n</html>\n"
        return s
    }

    private func controls() -> String {
        var s = "<div class=\"controls\">"
        s += "<label><input type=\"checkbox\" id=\"show-tracks\" checked=\"checked\"/> Ride tracks (\(tracks.count))</label>"
        s += "<button type=\"button\" id=\"zoom-in\" aria-label=\"zoom in\">+</button>"
        s += "<button type=\"button\" id=\"zoom-out\" aria-label=\"zoom out\">−</button>"
        s += "<button type=\"button\" id=\"fit\">Fit all rides</button>"
        s += "<span class=\"hint\">Drag to pan; wheel or pinch to zoom.</span>" + markup.control + "</div>\n"
        return s
    }

    private func legend() -> String {
        var s = "<ul class=\"legend\">"
        s += "<li><span class=\"swatch dark\"></span>never visited</li>"
        s += "<li><span class=\"swatch lit\"></span>visited</li>"
        if let ride = census.highlightRide {
            s += "<li><span class=\"swatch new\"></span>first visited by ride \(ride)</li>"
        }
        s += "<li><span class=\"swatch line\"></span>ride track</li>"
        if let ride = census.highlightRide { s += "<li><span class=\"swatch line thick\"></span>ride \(ride)'s track</li>" }
        s += "<li>drawn at precision <b id=\"precision\">7</b> (<span id=\"cell-size\">~\(markup.units.length(metres: 150, digits: 0))</span>)</li></ul>\n"
        return s
    }

    private func totalsTable() -> String {
        var s = "<table class=\"totals\">\n<tr><th>Precision</th><th>Cell</th><th>Cells</th><th>Area</th>"
        if let ride = census.highlightRide { s += "<th>First visited by ride \(ride)</th>" }
        s += "</tr>\n"
        for p in ExploredCensus.precisions.reversed() {
            let level = census.levels[p]!
            s += "<tr><td>\(p)</td><td>\(cellSizeMarkup(p))</td><td class=\"cells\" data-precision=\"\(p)\">\(level.cells)</td>"
            s += "<td>" + markup.span(level.areaKm2 * 1_000_000, .area, digits: level.areaKm2 < 10 ? 2 : level.areaKm2 < 1000 ? 1 : 0) + "</td>"
            if let ride = census.highlightRide {
                s += "<td class=\"new\" data-precision=\"\(p)\">\(census.newCells(ride: ride, precision: p))</td>"
            }
            s += "</tr>\n"
        }
        s += "</table>\n<table class=\"totals\">\n"
        var rows = [("Rides", String(facts.rideCount))]
        rows.append(("First visit", facts.firstVisit ?? "no dated cell"))
        rows.append(("Last visit", facts.lastVisit ?? "no dated cell"))
        s += rows.map { "<tr><th>\($0.0)</th><td>\(XMLText.escape($0.1))</td></tr>" }.joined(separator: "\n")
        return s + "\n</table>\n"
    }

    /// The rough cell edge (`cellSize`) in the page's units, rewritten by the units switch.
    private func cellSizeMarkup(_ p: Int) -> String {
        let edges: [Double] = p == 5 ? [4900] : p == 6 ? [1200, 600] : [150]
        return "~" + edges.map { p == 7 ? markup.span($0, .length, digits: 0) : markup.span($0, .distance, digits: 1) }.joined(separator: " × ")
    }

    /// km² with digits that mean something at each scale.
    public static func area(_ km2: Double) -> String {
        UnitFormatter.metric.area(squareKilometres: km2)
    }

    /// Swift 6.0.3's optimizer (its debug-info verifier, in HighLevelLICM at -O) crashes on this
    /// function with its callees inlined; Debian's toolchain must build it for the .deb, so it is
    /// left unoptimised (it runs once per page; the encoders it calls are still optimised).
    @_optimize(none)
    private func dataJSON() -> String {
        var parts: [String] = ["{\"cells7\":", JSONText.string(ExploredCellRuns.encode(census.cells7))]
        if let ride = census.highlightRide {
            parts.append(",\"highlight\":{\"ride\":\(ride)")
            for precision in ExploredCensus.precisions {
                parts.append(",\"\(precision)\":")
                parts.append(JSONText.string(ExploredCellRuns.encode(census.highlighted[precision] ?? [])))
            }
            parts.append("}")
        } else {
            parts.append(",\"highlight\":null")
        }
        parts.append(",\"tracks\":[")
        for (i, track) in tracks.enumerated() {
            parts.append(i == 0 ? "{\"ride\":\(track.rideID),\"segments\":[" : ",{\"ride\":\(track.rideID),\"segments\":[")
            var segments: [String] = []
            for segment in track.encodedSegments() { segments.append(JSONText.string(segment)) }
            parts.append(segments.joined(separator: ","))
            parts.append("]}")
        }
        // Only digits, the number alphabet and JSON punctuation: no "<" that could end the script element.
        parts.append("]}")
        return parts.joined()
    }
}
