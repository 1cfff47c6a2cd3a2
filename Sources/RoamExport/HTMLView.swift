import RoamCore

/// One self-contained page for a ride: no scripts, fonts or images fetched, so it opens offline.
/// The map is coloured by speed band with gaps left open and marked; the barometric profile shows
/// the climb; a table holds the ride's totals; a checkbox shows the flagged fixes (CSS only); an
/// inline script replays the ride over time on the map and the profile (`ReplayControls`).
/// Written as well-formed XHTML-compatible markup so tests can parse it as XML.
public struct HTMLView {
    public let ride: RideSummary
    public let track: ViewTrack
    public let bands: SpeedBands
    public let gapCauses: [String]
    /// The ride's auto-paused stretches, which the replay plays as "paused".
    public let pauses: [ReplayPauses.Interval]

    public init(ride: RideSummary, track: ViewTrack, bands: SpeedBands = .cycling, gapCauses: [String] = [],
                pauses: [ReplayPauses.Interval] = []) {
        self.ride = ride; self.track = track; self.bands = bands; self.gapCauses = gapCauses; self.pauses = pauses
    }

    public func render() -> String {
        let t = ride.totals
        let replay = ReplayData(track: track, pauses: pauses, gapCauses: gapCauses, startUTCms: ride.startedUTCms,
                                geometry: ReplayGeometry(track: track))
        var s = "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        s += "<title>Ride \(ride.id)</title>\n<style>\n\(Self.css)\(ReplayControls.css)</style>\n</head>\n<body>\n"
        s += "<h1>Ride \(ride.id)" + (ride.startedUTCms.map { " <small>\(CivilDate.iso8601(utcMs: $0).prefix(16).replacingT) UTC</small>" } ?? "") + "</h1>\n"
        s += totalsTable(t)
        s += "<input type=\"checkbox\" id=\"show-flagged\"/>\n"
        s += "<label for=\"show-flagged\">Show flagged fixes (\(track.flaggedTotal)"
            + (track.flagged.count < track.flaggedTotal ? ", \(track.flagged.count) with a position drawn" : "") + ")</label>\n"
        s += legend()
        s += replay.map { ReplayControls.bar(endS: $0.endS) } ?? ""
        s += "<div class=\"mapbox\">\n" + TrackSVG(track: track, bands: bands, gapCauses: gapCauses)
            .render(width: ReplayGeometry.mapWidth, maxHeight: ReplayGeometry.mapMaxHeight) + "</div>\n"
        s += flaggedTable()
        let climb = t.ascentM.map { "ascent +\(FixedPoint.format($0, digits: 0)) m" } ?? "climb unavailable (no barometer)"
        s += "<h2>Barometric elevation <small>\(climb)" + (t.descentM.map { ", descent −\(FixedPoint.format($0, digits: 0)) m" } ?? "") + "</small></h2>\n"
        s += ElevationSVG(track: track).render(width: ReplayGeometry.profileWidth, height: ReplayGeometry.profileHeight)
        s += "<details><summary>Parameters</summary><pre>\(XMLText.escape(ride.parametersJSON))</pre></details>\n"
        s += "<p class=\"note\">Elevation: barometric (BMP280), metres above mean sea level by the ICAO standard atmosphere. "
        s += "Gaps are left open: no line or climb is drawn across them; the distance across each is bridged "
        s += "in a straight line between its two ends and shown apart.</p>\n"
        s += replay.map(ReplayControls.scripts) ?? ""
        s += "</body>\n</html>\n"
        return s
    }

    private func totalsTable(_ t: RideTotals) -> String {
        var rows: [(String, String)] = [
            ("Distance", FixedPoint.format(t.distanceM / 1000, digits: 2) + " km"
                + (t.bridgedGaps > 0 ? " (" + FixedPoint.format(t.bridgedM / 1000, digits: 2) + " km across "
                    + (t.bridgedGaps == 1 ? "1 gap)" : "\(t.bridgedGaps) gaps)") : "")),
            ("Moving time", Self.duration(t.movingS)), ("Elapsed time", Self.duration(t.elapsedS)),
            ("Average moving speed", t.movingS > 0 ? FixedPoint.format(t.distanceM / t.movingS * 3.6, digits: 1) + " km/h" : "–"),
            ("Maximum speed", FixedPoint.format(t.maxSpeedMps * 3.6, digits: 1) + " km/h"),
            ("Ascent", t.ascentM.map { FixedPoint.format($0, digits: 0) + " m" } ?? "unavailable (no barometer)"),
            ("Descent", t.descentM.map { FixedPoint.format($0, digits: 0) + " m" } ?? "unavailable (no barometer)"),
            ("Segments", String(track.segments.count)), ("Gaps", String(t.gapCount)),
            ("Fixes", "\(t.fixCount) (accepted \(t.acceptedCount), flagged \(t.flaggedCount))"),
        ]
        if let s = ride.startedUTCms { rows.append(("Start", CivilDate.iso8601(utcMs: s))) }
        if let e = ride.endedUTCms { rows.append(("End", CivilDate.iso8601(utcMs: e))) }
        return "<table class=\"totals\">\n" + rows.map { "<tr><th>\($0.0)</th><td>\(XMLText.escape($0.1))</td></tr>" }.joined(separator: "\n") + "\n</table>\n"
    }

    private func legend() -> String {
        var s = "<ul class=\"legend\">"
        for i in 0...bands.limitsKmh.count {
            s += "<li><span class=\"swatch\" style=\"background:\(bands.colors[i])\"></span>\(XMLText.escape(bands.label(i)))</li>"
        }
        s += "<li><span class=\"swatch gapmark\"></span>gap (no line drawn)</li></ul>\n"
        return s
    }

    private func flaggedTable() -> String {
        guard !track.flaggedCounts.isEmpty else { return "<p class=\"flaggedinfo\">No flagged fixes.</p>\n" }
        var s = "<table class=\"flaggedinfo\"><tr><th>Flag</th><th>Fixes</th></tr>"
        for (_, name) in FixFlags.names where track.flaggedCounts[name] != nil {
            s += "<tr><td>\(name)</td><td>\(track.flaggedCounts[name]!)</td></tr>"
        }
        return s + "</table>\n"
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let mm = s / 60 % 60, ss = s % 60
        return "\(s / 3600):" + (mm < 10 ? "0" : "") + "\(mm):" + (ss < 10 ? "0" : "") + "\(ss)"
    }

    static let css = """
        body { font: 15px/1.4 system-ui, sans-serif; margin: 24px; color: #222; max-width: 1000px; }
        h1 small, h2 small { font-weight: normal; color: #666; }
        table.totals { border-collapse: collapse; margin: 12px 0; }
        table.totals th { text-align: left; padding: 2px 16px 2px 0; font-weight: 600; }
        table.flaggedinfo td, table.flaggedinfo th { padding: 1px 12px 1px 0; text-align: left; }
        .legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 14px; }
        .swatch { display: inline-block; width: 22px; height: 6px; margin-right: 6px; vertical-align: middle; border-radius: 3px; }
        .swatch.gapmark { width: 10px; height: 10px; border-radius: 50%; border: 2px solid #d00; background: #fff; }
        svg .bg { fill: #f6f5f0; }
        svg polyline { fill: none; stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }
        svg .gap { fill: #fff; stroke: #d00; stroke-width: 2; }
        svg .start { fill: #2a2; stroke: #fff; stroke-width: 2; }
        svg .finish { fill: #222; stroke: #fff; stroke-width: 2; }
        svg .flagged { display: none; }
        svg .flag { fill: #e33; fill-opacity: 0.7; }
        svg .scale line { stroke: #333; stroke-width: 2; }
        svg text { font-size: 11px; fill: #444; }
        .profile polyline { stroke: #3b528b; stroke-width: 2; }
        .profile .grid { stroke: #ddd; }
        .profile line.gap { stroke: #d00; stroke-dasharray: 4 3; }
        .profile .ylabel { text-anchor: end; dominant-baseline: middle; }
        .profile .xlabel { text-anchor: middle; }
        .profile .xlabel.last { text-anchor: end; }
        .flaggedinfo { display: none; }
        #show-flagged:checked ~ .mapbox .flagged { display: inline; }
        #show-flagged:checked ~ .flaggedinfo { display: table; }
        p.flaggedinfo { color: #666; }
        .note { color: #666; font-size: 13px; }

        """
}

extension Substring {
    fileprivate var replacingT: String { String(map { $0 == "T" ? " " : $0 }) }
}
