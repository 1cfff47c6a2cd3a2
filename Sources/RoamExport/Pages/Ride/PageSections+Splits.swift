import RoamCore

/// The splits section: both tables `RideSplits` computed in its one pass, per kilometre and per
/// mile, each marked with the units it belongs to (`UnitMarkup.only`); the page's style shows the
/// one of the units chosen, so the switch needs no split arithmetic in the page.
extension PageSections {
    func splits(_ tables: RideSplits.Tables) -> String {
        guard !tables.perKilometre.isEmpty || !tables.perMile.isEmpty else {
            return "<section class=\"splits\"><h2>Splits</h2><p class=\"note\">Less than " + markup.span(50, .length, digits: 0)
                + " ridden: no splits.</p></section>\n"
        }
        var s = "<section class=\"splits\"><h2>Splits <small>" + UnitMarkup.only(.metric, "per kilometre")
            + UnitMarkup.only(.imperial, "per mile") + "</small></h2>\n"
        s += table(tables.perKilometre, .metric) + table(tables.perMile, .imperial)
        return s + "</section>\n"
    }

    /// One table: a row per whole kilometre (mile) numbered by its end, the last part to two decimals.
    private func table(_ splits: [RideSplits.Split], _ system: UnitSystem) -> String {
        let unitKm = system == .metric ? 1 : UnitFormatter.metresPerMile / 1000
        let (name, word) = system == .metric ? ("km", "kilometre") : ("mi", "mile")
        let speeds = splits.map { $0.movingS > 0 ? $0.km * 3600 / $0.movingS : 0 }
        let fastest = max(speeds.max() ?? 1, 1)
        var s = "<table class=\"splits \(UnitMarkup.onlyClass(system))\" data-per=\"\(name)\">"
        s += "<tr><th>\(name)</th><th>time</th><th class=\"mv\">moving</th><th>avg speed</th><th>climb</th></tr>\n"
        var covered = 0.0
        for (split, v) in zip(splits, speeds) {
            covered += split.km / unitKm
            let label = split.km >= unitKm * 0.999 ? PageText.number(covered, digits: 0) : PageText.number(covered, digits: 2)
            let climb = split.ascentM.map {
                "+" + markup.span($0, .length, digits: 0, bare: true) + " / " + markup.span(split.descentM ?? 0, .length, digits: 0, bare: true)
                    + " " + markup.name(.length)
            } ?? "–"
            let gap = split.crossesGap ? "<span class=\"gapnote\" title=\"a gap falls in this \(word): part of it is bridged\"> gap</span>" : ""
            let speed = v > 0 ? markup.span(v / 3.6, .speed, digits: 1) : "–"
            s += "<tr><td>\(label)\(gap)</td><td>\(ClockDuration.text(seconds: split.elapsedS))</td><td class=\"mv\">\(ClockDuration.text(seconds: split.movingS))</td>"
            s += "<td class=\"speed\"><span class=\"bar\" style=\"width:\(PageText.number(v / fastest * 100, digits: 0))%\"></span><span>\(speed)</span></td><td>\(climb)</td></tr>\n"
        }
        return s + "</table>\n"
    }
}
