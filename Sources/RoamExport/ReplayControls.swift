/// The replay's markup: the control bar (play/pause, speed, time slider, readouts), hidden until
/// its script shows it so a reader without scripts sees no dead controls; then the data and the
/// two scripts, placed after the map and profile they draw on. Everything is inline: the page
/// still fetches nothing.
enum ReplayControls {
    static let speeds = [1, 10, 60, 300]
    static let defaultSpeed = 60

    static func bar(endS: Double) -> String {
        var s = "<section id=\"replay\" class=\"replay\" hidden=\"hidden\">\n<div class=\"controls\">"
        s += "<button type=\"button\" id=\"replay-play\">Play</button>"
        s += "<label>Speed <select id=\"replay-speed\">"
        for x in speeds { s += "<option value=\"\(x)\"" + (x == defaultSpeed ? " selected=\"selected\"" : "") + ">\(x)×</option>" }
        s += "</select></label>"
        s += "<input type=\"range\" id=\"replay-time\" aria-label=\"Ride time\" min=\"0\" max=\"\(FixedPoint.format(endS, digits: 1))\" step=\"1\" value=\"0\"/>"
        s += "</div>\n<div class=\"readouts\">"
        let readouts = [("elapsed", "Ride time"), ("utc", "Clock"), ("speed", "Speed"), ("elevation", "Elevation"),
                        ("distance", "Distance"), ("status", "State")]
        for (id, label) in readouts {
            s += "<span class=\"readout\"><span class=\"label\">\(label)</span> <span id=\"replay-out-\(id)\">–</span></span>"
        }
        return s + "</div>\n</section>\n"
    }

    static func scripts(_ data: ReplayData) -> String {
        "<script type=\"application/json\" id=\"replay-data\">" + data.json + "</script>\n"
            + "<script id=\"replay-core\">//<![CDATA[\n" + ReplayScript.core + "\n//]]></script>\n"
            + "<script id=\"replay-ui\">//<![CDATA[\n" + ReplayScript.ui + "\n//]]></script>\n"
    }

    static let css = """
        .replay { position: sticky; top: 0; z-index: 1; background: #fff; padding: 8px 0; border-bottom: 1px solid #ddd; }
        .replay[hidden] { display: none; }
        .replay .controls { display: flex; align-items: center; gap: 12px; }
        .replay button { min-width: 5em; }
        .replay input[type=range] { flex: 1; }
        .replay .readouts { display: flex; flex-wrap: wrap; gap: 4px 20px; margin-top: 6px; font-variant-numeric: tabular-nums; }
        .replay .label { color: #666; }
        #replay-out-status.gap { color: #d00; font-weight: 600; }
        #replay-out-status.paused { color: #b36b00; font-weight: 600; }
        svg #replay-marker { fill: #1565c0; stroke: #fff; stroke-width: 3; }
        svg #replay-marker.paused { fill: #e69500; }
        svg #replay-marker.gap { fill: none; stroke: #d00; stroke-width: 3; stroke-dasharray: 4 3; }
        .profile #replay-cursor { stroke: #1565c0; stroke-width: 1.5; }
        .profile #replay-dot { fill: #1565c0; stroke: #fff; stroke-width: 1.5; }

        """
}
