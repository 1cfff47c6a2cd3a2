import RoamCore

/// Every ride on one self-contained page: totals per ISO week, month and year, a calendar of ride
/// days (one grid per year, a cell per day shaded by distance), and every ride with its date,
/// distance, climb and moving time, linking to its own page. Nothing is fetched: the figures
/// travel in metric in one JSON block (`HistoryPageData`) and Scripts/history.js writes them,
/// formatting every number in one place, so a unit switch changes one function.
public struct HistoryPage {
    /// What the page says about where it comes from, in the rider's words.
    public struct Facts: Sendable {
        /// The database, or the drive's board name.
        public var source: String
        /// "Europe/Berlin", or "UTC".
        public var zoneLabel: String

        public init(source: String, zoneLabel: String) { self.source = source; self.zoneLabel = zoneLabel }
    }

    public let history: RideHistory
    /// Each ride's page, relative to this one (`RideFileName`'s name, with a folder on the drive);
    /// a ride without one is listed without a link.
    public let links: [Int64: String]
    /// Each ride's other files to link beside its page (the drive's FIT and GPX), relative to this page.
    public let files: [Int64: [String]]
    /// Where each imported ride came from ("imported from FILE (DEVICE)"); a recorded ride has none.
    public let imported: [Int64: String]
    public let facts: Facts
    /// The units the page opens in (`view --units`, board.conf); its switch and a stored choice change them.
    public let units: UnitFormatter

    public init(history: RideHistory, links: [Int64: String], files: [Int64: [String]] = [:], imported: [Int64: String] = [:],
                facts: Facts, units: UnitFormatter = .metric) {
        self.history = history; self.links = links; self.files = files; self.imported = imported
        self.facts = facts; self.units = units
    }

    public func render() -> String {
        let n = history.entries.count
        let markup = UnitMarkup(units)
        var s = "<!DOCTYPE html>\n<html lang=\"en\"\(markup.htmlAttribute)>\n<head>\n<meta charset=\"utf-8\"/>\n"
        s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        s += "<title>Ride history: \(Plural.count(n, "ride"))</title>\n<style>\n\(HistoryPageFiles.css)</style>\n</head>\n<body>\n"
        s += "<h1>Ride history <small>\(XMLText.escape(facts.source))</small></h1>\n<p class=\"units\">\(markup.control)</p>\n"
        s += "<noscript><p class=\"warning\">This page writes its tables with JavaScript: allow scripts for this file.</p></noscript>\n"
        s += "<section id=\"overall\" aria-label=\"all rides\"></section>\n"
        s += "<h2>Calendar</h2>\n<div id=\"calendar\" aria-label=\"ride days, shaded by distance\"></div>\n"
        s += "<h2>Totals</h2>\n<div class=\"periods\">"
        for (id, title) in [("weeks", "Per week (ISO, Monday first)"), ("months", "Per month"), ("years", "Per year")] {
            s += "<section><h3>\(title)</h3><table class=\"totals\" id=\"\(id)\"></table></section>"
        }
        s += "</div>\n<h2>Rides</h2>\n<div class=\"scroll\"><table class=\"rides\" id=\"rides\"></table></div>\n"
        s += "<p class=\"note\">Dates are the rides' starts in \(XMLText.escape(facts.zoneLabel)). Distance is measured plus bridged: "
        s += "the part across gaps in the record, where no fix was taken, is counted apart and said as bridged. "
        s += "Climb comes from the board's barometer, or for an imported ride from its file's elevation (its page says which); "
        s += "a ride without either has no climb (a period marked * holds some). Moving time (hours:minutes) leaves out the pauses.</p>\n"
        s += "<script type=\"application/json\" id=\"history-data\">\(HistoryPageData(history: history, links: links, files: files, imported: imported).json)</script>\n"
        s += UnitMarkup.scriptElement + "<script>//<![CDATA[\n\(HistoryPageFiles.script)//]]></script>\n"
        s += "</body>\n</html>\n"
        return s
    }
}

/// The history page's script and style (Scripts/history.js, Styles/history.css, compiled in).
enum HistoryPageFiles {
    static let script = String(decoding: PackageResources.history_js, as: UTF8.self)
    static let css = String(decoding: PackageResources.history_css, as: UTF8.self)
}
