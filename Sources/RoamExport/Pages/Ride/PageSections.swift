import RoamCore

/// The page's tables and keys: totals as cards, the speed legend, the splits (PageSections+Splits), the
/// list of stops and gaps, the flagged fixes by flag. Plain markup, no script needed.
struct PageSections {
    let ride: RideSummary
    let track: ViewTrack
    let bands: SpeedBands
    let marks: RideMarks
    let clock: PageClock
    /// Distances, climb and speeds in the page's units, each rewritten by the units switch.
    var markup = UnitMarkup()

    /// Elapsed is end − start of the ride's dated fixes (`RideSpan`): a ride of one fix lasted 0 s.
    var elapsedS: Double? {
        guard let a = ride.startedUTCms, let b = ride.endedUTCms else { return nil }
        return Double(max(0, b - a)) / 1000
    }

    /// Markup (the units' spans), no text from outside the page.
    var climbText: String {
        let t = ride.totals
        guard let up = t.ascentM else { return "climb unavailable (no barometer)" }
        return "ascent " + markup.span(up, .length, digits: 0) + (t.descentM.map { ", descent " + markup.span($0, .length, digits: 0) } ?? "")
    }

    /// Markup: the headline distance (id "distance-total" for the tests) and what was bridged.
    var distanceText: String {
        let t = ride.totals
        let total = markup.span(t.distanceM, .distance, digits: 2, attributes: " class=\"distance-total\"")
        return DistanceHeadline.text(total: total, t) { markup.span($0, .distance, digits: 2) }
    }

    func totals() -> String {
        let t = ride.totals
        let moving = t.movingS > 0 && t.distanceM > 0
        var rows: [(String, String)] = [
            ("Distance", distanceText),
            ("Moving time", ClockDuration.text(seconds: t.movingS)),
            ("Average speed", moving ? markup.span(t.distanceM / t.movingS, .speed, digits: 1) : "–"),
            ("Maximum speed", ride.unmeasured.speedUnavailable ? UnmeasuredFigures.noSpeedReceived
                : t.acceptedCount > 0 ? markup.span(t.maxSpeedMps, .speed, digits: 1) : "–"),
            ("Ascent", t.ascentM.map { markup.span($0, .length, digits: 0) } ?? "unavailable (no barometer)"),
            ("Descent", t.descentM.map { markup.span($0, .length, digits: 0) } ?? "unavailable (no barometer)"),
            ("Elapsed time", elapsedS.map { ClockDuration.text(seconds: $0) } ?? "–"),
            ("Paused", marks.stops.isEmpty ? "none" : "\(ClockDuration.text(seconds: marks.pausedS)) in \(Plural.count(marks.stops.count, "stop"))"),
        ]
        if t.bridgedGaps > 0 { rows.append(("Bridged", DistanceHeadline.bridged(t) { markup.span($0, .distance, digits: 2) })) }
        if let s = ride.startedUTCms { rows.append(("Start", clock.element(utcMs: s, dated: false))) }
        if let e = ride.endedUTCms { rows.append(("End", clock.element(utcMs: e, dated: false))) }
        if let ending = ride.ending { rows.append(("Ended", XMLText.escape(ending))) }
        rows += [("Gaps", String(t.gapCount)), ("Segments", String(track.segments.count)),
                 ("Fixes", "\(t.fixCount): " + bothSystems { XMLText.escape(track.setAside.sentence(in: $0)) })]
        return "<table class=\"totals\">\n" + rows.map { "<tr><th>\($0.0)</th><td>\($0.1)</td></tr>" }.joined(separator: "\n") + "\n</table>\n"
    }

    func legend() -> String {
        var s = "<ul class=\"legend\">"
        for i in 0...bands.limitsKmh.count {
            s += "<li><span class=\"swatch\" style=\"background:\(bands.colors[i])\"></span>\(bandLabel(i))</li>"
        }
        s += "<li><span class=\"sym stop\"></span>stop</li><li><span class=\"sym gapmark\"></span>gap (no line drawn)</li></ul>\n"
        return s
    }

    /// `SpeedBands.label` in the page's units: "&lt; 10 km/h", "6–12 mph" (the limits stay the bands' own).
    func bandLabel(_ i: Int) -> String {
        let limits = bands.limitsKmh
        func v(_ kmh: Double) -> String { markup.span(kmh / 3.6, .speed, digits: kmh == kmh.rounded() ? 0 : 1, bare: true) }
        let unit = " " + markup.name(.speed)
        if i == 0 { return "&lt; " + v(limits[0]) + unit }
        if i == limits.count { return "≥ " + v(limits[i - 1]) + unit }
        return v(limits[i - 1]) + "–" + v(limits[i]) + unit
    }

    func stopsAndGaps() -> String {
        var s = "<section class=\"marks\"><h2>Stops and gaps</h2>\n"
        let barometer = ride.barometerStretches
        guard !marks.marks.isEmpty || !barometer.isEmpty else { return s + "<p class=\"note\">No stop and no gap in this ride.</p></section>\n" }
        s += "<table class=\"marks\"><tr><th>at</th><th>when</th><th>what</th><th>how long</th></tr>\n"
        for m in marks.marks {
            let when = m.fromUTCms.map { clock.element(utcMs: $0, dated: false) } ?? "–"
            let what = m.kind == .stop ? "stop (auto-pause)" : "gap: \(XMLText.escape(m.cause))"
            s += "<tr class=\"\(m.kind.rawValue)\"><td>\(markup.span(m.at.distanceM, .distance, digits: 2))</td><td>\(when)</td>"
            s += "<td>\(what)</td><td>\(m.durationS.map { SpokenDuration.text(seconds: $0) } ?? "–")</td></tr>\n"
        }
        // The track goes on through these: only the climb stops, so they have no place on the map.
        for b in barometer {
            let when = b.firstUTCms.map { clock.element(utcMs: $0, dated: false) } ?? "–"
            let long = b.firstUTCms.flatMap { a in b.lastUTCms.map { SpokenDuration.text(seconds: Double(max(0, $0 - a)) / 1000) } } ?? "–"
            s += "<tr class=\"barometer\"><td>–</td><td>\(when)</td><td>no barometer, no climb counted: "
                + "\(XMLText.escape(b.cause ?? "cause not recorded"))</td><td>\(long)</td></tr>\n"
        }
        return s + "</table></section>\n"
    }

    func flagged() -> String {
        guard !track.flaggedCounts.isEmpty else { return "<p class=\"flaggedinfo\">No flagged fixes.</p>\n" }
        // The same count and words as the card and `show`, which say too when one fix gave more than one reason.
        var s = "<p class=\"flaggedinfo\">\(Plural.count(track.setAside.setAside, "fix", "fixes")) set aside from distance and the drawn track, kept in the "
            + "database" + (track.setAside.reasonsOverlap ? "; \(SetAsideCount.overlapWords)" : "") + ".</p>\n<table class=\"flaggedinfo\"><tr><th>Reason</th><th>Flag</th><th>Fixes</th></tr>"
        let imperial = track.setAside.reasons(in: UnitFormatter(.imperial))
        for (reason, words) in zip(track.setAside.reasons, imperial.map(\.words)) {
            let said = bothSystems { $0.system == .metric ? XMLText.escape(reason.words) : XMLText.escape(words) }
            s += "<tr><td>\(said)</td><td>\(reason.name)</td><td>\(reason.count)</td></tr>"
        }
        return s + "</table>\n"
    }

    /// Words that name a threshold in metres (the pipeline's gates): both systems' words, marked
    /// for the page's style, or the one text alone when they agree.
    private func bothSystems(_ text: (UnitFormatter) -> String) -> String {
        let metric = text(.metric), imperial = text(UnitFormatter(.imperial))
        return metric == imperial ? metric : UnitMarkup.only(.metric, metric) + UnitMarkup.only(.imperial, imperial)
    }
}
