import RoamCore

/// The playback's markup: the control bar (play/pause, speed, time slider, readouts), hidden until
/// its script shows it so a reader without scripts sees no dead controls; then the data and the
/// two scripts, placed after the map and profile they draw on. Everything is inline: the page
/// still fetches nothing.
enum PlaybackControls {
    static let speeds = [1, 10, 60, 300]
    static let defaultSpeed = 60

    static func bar(endS: Double) -> String {
        // A ride of one moment (one dated fix) has nothing to play: the controls stay, inert, so the
        // readout keeps its place; the button says why.
        let inert = endS > 0 ? "" : " disabled=\"disabled\""
        var s = "<section id=\"replay\" class=\"replay\" hidden=\"hidden\">\n<div class=\"controls\">"
        s += "<button type=\"button\" id=\"replay-play\"" + (endS > 0 ? "" : " title=\"one moment only: nothing to play\"") + inert + ">Play</button>"
        s += "<label>Speed <select id=\"replay-speed\"\(inert)>"
        for x in speeds { s += "<option value=\"\(x)\"" + (x == defaultSpeed ? " selected=\"selected\"" : "") + ">\(x)×</option>" }
        s += "</select></label>"
        s += "<input type=\"range\" id=\"replay-time\" aria-label=\"Ride time\" min=\"0\" max=\"\(FixedPoint.format(endS, digits: 1))\" step=\"1\" value=\"0\"\(inert)/>"
        s += "</div>\n<div class=\"readouts\">"
        let readouts = [("elapsed", "Ride time"), ("local", "Clock"), ("distance", "Distance"), ("speed", "Speed"),
                        ("elevation", "Elevation"), ("temperature", "Temp."), ("status", "State")]
        for (id, label) in readouts {
            s += "<span class=\"readout ro-\(id)\"><span class=\"label\">\(label)</span><span class=\"value\" id=\"replay-out-\(id)\">–</span></span>"
        }
        return s + "</div>\n</section>\n"
    }

    /// A ride with nothing to play still gets the page's script (local times, map marks' size).
    static var pageScript: String { "<script id=\"replay-ui\">//<![CDATA[\n" + PlaybackScript.ui + "//]]></script>\n" }

    static func scripts(_ data: PlaybackData) -> String {
        "<script type=\"application/json\" id=\"replay-data\">" + data.json + "</script>\n"
            + "<script id=\"replay-core\">//<![CDATA[\n" + PlaybackScript.core + "//]]></script>\n"
            + "<script id=\"replay-ui\">//<![CDATA[\n" + PlaybackScript.ui + "//]]></script>\n"
    }

    /// Styles/playback.css. Cells as wide as the widest value: the readout wraps to fewer columns on a
    /// narrow page, by its width alone, and never shifts as its values change.
    static let css = String(decoding: PackageResources.playback_css, as: UTF8.self)
}
