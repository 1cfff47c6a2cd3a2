import RoamCore

/// One self-contained page for a ride: no scripts, fonts or images fetched, so it opens offline.
/// Map first and full width, coloured by speed band, gaps left open and labelled with their
/// cause and duration, stops marked; then the playback bar and its readout, the totals, charts of
/// elevation (coloured by gradient), speed and temperature against distance or time, splits per
/// kilometre or mile, the stops and gaps, the flagged fixes on demand. Pointing at a chart moves the map's
/// marker there (`PlaybackScript.ui`). Written as well-formed XHTML so tests can parse it as XML.
public struct HTMLView {
    public let ride: RideSummary
    public let track: ViewTrack
    public let bands: SpeedBands
    public let gapCauses: [String]
    /// When each gap began and ended (`RideReader.gapSpans`), as `show` says it; the drawn track's ends when absent.
    public let gapSpans: [GapSpan]
    /// Gaps after the ride's last fix, said in words: the ride ended in them, so no track resumes.
    public let endingGaps: [(cause: String, utcMs: Int64?)]
    /// The ride's auto-paused stretches: stops on the map and charts, "paused" in the playback.
    public let pauses: [PlaybackPauses.Interval]
    /// Per kilometre and per mile: the units switch shows one.
    public let splits: RideSplits.Tables
    public let clock: PageClock
    /// Leaflet from Debian's libjs-leaflet: a map that zooms and pans over the SVG one; nil keeps the SVG.
    public let mapLibrary: MapLibrary?
    /// The units the page opens in (`view --units`, board.conf); the switch and a stored choice change them.
    public let units: UnitFormatter

    public init(ride: RideSummary, track: ViewTrack, bands: SpeedBands = .cycling, gapCauses: [String] = [],
                gapSpans: [GapSpan] = [], endingGaps: [(cause: String, utcMs: Int64?)] = [],
                pauses: [PlaybackPauses.Interval] = [], splits: RideSplits.Tables = .init(), clock: PageClock = .utc,
                mapLibrary: MapLibrary? = nil, units: UnitFormatter = .metric) {
        self.ride = ride; self.track = track; self.bands = bands; self.gapCauses = gapCauses; self.pauses = pauses
        self.endingGaps = endingGaps; self.gapSpans = gapSpans
        self.splits = splits; self.clock = clock; self.mapLibrary = mapLibrary; self.units = units
    }

    public func render() -> String {
        let marks = RideMarks(track: track, pauses: pauses, gapCauses: gapCauses, gapSpans: gapSpans, endingGaps: endingGaps)
        let replay = PlaybackData(track: track, pauses: pauses, gapCauses: gapCauses, gapSpans: gapSpans, startUTCms: ride.startedUTCms,
                                geometry: PlaybackGeometry(track: track), zoneName: clock.zoneName)
        let markup = UnitMarkup(units)
        let sections = PageSections(ride: ride, track: track, bands: bands, marks: marks, clock: clock, markup: markup)
        var s = "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"\(markup.htmlAttribute)>\n<head>\n<meta charset=\"utf-8\"/>\n"
        s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        s += "<title>Ride \(ride.id)</title>\n<style>\n\(PageStyle.css)\(PlaybackControls.css)</style>\n"
        s += (mapLibrary?.styleElement(MapScripts.css) ?? "") + "</head>\n"
        s += "<body" + (clock.zoneName.map { " data-zone=\"\(XMLText.escape($0))\"" } ?? "") + ">\n"
        s += header(sections)
        s += "<main>\n<section class=\"mapbox\">\n" + (mapLibrary?.container("ride-leaflet", label: "Track map: drag to pan, wheel or pinch to zoom") ?? "")
        s += TrackSVG(track: track, bands: bands, marks: marks)
            .render(width: PlaybackGeometry.mapWidth, maxHeight: PlaybackGeometry.mapMaxHeight) + "</section>\n"
        s += "<div class=\"maptools\">" + sections.legend()
        s += "<label class=\"flagtoggle\"><input type=\"checkbox\" id=\"show-flagged\"/> Show flagged fixes (\(track.flaggedTotal)"
            + (track.flagged.count < track.flaggedTotal ? ", \(track.flagged.count) with a position drawn" : "") + ")</label>"
        s += sections.markup.control + "</div>\n"
        s += replay.map { PlaybackControls.bar(endS: $0.endS) } ?? ""
        s += "<section class=\"stats\">\n" + sections.totals() + sections.unmeasured() + "</section>\n"
        s += "<section class=\"profiles\">\n<div class=\"charthead\"><h2>Profile</h2>"
        s += "<span class=\"axis\" role=\"radiogroup\" aria-label=\"Charts against\">"
        s += "<input type=\"radio\" name=\"axis\" id=\"axis-distance\" checked=\"checked\"/><label for=\"axis-distance\">distance</label>"
        s += "<input type=\"radio\" name=\"axis\" id=\"axis-time\"/><label for=\"axis-time\">time</label></span>"
        s += "<span class=\"hint\">point at or touch a chart to see that moment on the map</span></div>\n"
        let charts = RideCharts(track: track, marks: marks, t0: replay?.t0, endS: replay?.endS ?? 0, markup: markup,
                                temperatureSource: ride.unmeasured.temperatureSource)
        s += charts.render(elevationCaption: sections.climbText)
        s += "</section>\n<div class=\"tables\">\n" + sections.splits(splits) + sections.stopsAndGaps() + "</div>\n"
        s += "<section class=\"flags\"><h2>Flagged fixes</h2>" + sections.flagged() + "</section>\n"
        s += "<details><summary>Parameters</summary><pre>\(XMLText.escape(ride.parametersJSON))</pre></details>\n"
        s += "<p class=\"note\">" + (ride.newerNote.map { "\(XMLText.escape($0)). " } ?? "") + (ride.importedNote.map { "\(XMLText.escape($0)). " }
          ?? ride.unmeasured.elevationUnmeasured.map { "Elevation: \(XMLText.escape($0)). " }
          ?? "Elevation: barometric (BMP280), " + UnitMarkup.only(.metric, "metres") + UnitMarkup.only(.imperial, "feet")
            + " above mean sea level by the ICAO standard atmosphere. ")
        s += "Gaps are left open: no line or climb is drawn across them; the distance across each is bridged "
        s += "in a straight line between its two ends and shown apart." + sections.thinning(chartStride: charts.stride) + "</p>\n</main>\n"
        s += UnitMarkup.scriptElement
        if let library = mapLibrary { s += MapScripts.ridePage(library, RideMapData(track: track, bands: bands, marks: marks)) }
        s += replay.map(PlaybackControls.scripts) ?? PlaybackControls.pageScript
        s += "</body>\n</html>\n"
        return s
    }

    private func header(_ sections: PageSections) -> String {
        let t = ride.totals
        var s = "<header class=\"top\"><h1>Ride \(ride.id)"
        if let start = ride.startedUTCms { s += " <span class=\"when\">\(clock.element(utcMs: start, dated: true))</span>" }
        s += "</h1>\n<p class=\"sub\">"
        let markup = sections.markup
        var facts = [sections.distanceText]
        if t.movingS > 0 { facts.append("\(ClockDuration.text(seconds: t.movingS)) moving") }
        if t.movingS > 0, t.distanceM > 0 { facts.append(markup.span(t.distanceM / t.movingS, .speed, digits: 1) + " average") }
        if let up = t.ascentM { facts.append(markup.span(up, .length, digits: 0) + " climbed") }
        s += facts.joined(separator: " · ")
        let zone = clock.zoneLabel.map { "times in \(XMLText.escape($0))" } ?? "times in UTC"
        s += " <span id=\"zone-note\">\(zone)</span></p>\n"
        if let notice = notice { s += "<p class=\"notice\">\(notice)</p>\n" }
        return s + "</header>\n"
    }

    /// What a nearly empty ride can and cannot show, said once at the top.
    private var notice: String? {
        let t = ride.totals
        if t.fixCount == 0 { return "This ride has no fixes: nothing was recorded." }
        if track.segments.isEmpty {
            return track.flaggedPositioned > 0
                ? "Every fix of this ride is flagged (\(track.flaggedTotal)): there is no accepted track to draw. Tick “Show flagged fixes” to see where they lie."
                : "No fix of this ride has a position: there is no track to draw."
        }
        if track.distinctPositions < 2 { return "This ride has one position only: there is no track, distance or profile to draw." }
        return nil
    }
}
