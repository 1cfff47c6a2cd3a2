import RoamCore

/// The history page's data, one JSON object, all in metric (metres, seconds): every ride with
/// its local start and its stored totals, and the sums per day, ISO week, month and year
/// (`RideHistory`). Numbers keep three decimals, so the sums read back equal the rides' sums.
struct HistoryPageData {
    let history: RideHistory
    let links: [Int64: String]
    var files: [Int64: [String]] = [:]
    var imported: [Int64: String] = [:]

    var json: String {
        var parts = ["{\"rides\":["]
        parts.append(history.entries.map(ride).joined(separator: ","))
        parts.append("],\"all\":" + totals(history.all))
        for (name, periods) in [("days", history.days), ("weeks", history.weeks), ("months", history.months), ("years", history.years)] {
            parts.append(",\"\(name)\":[")
            parts.append(periods.map { p in
                "{\"key\":\(JSONText.string(p.key)),\"day\":\(p.firstDay.days),\"totals\":\(totals(p.totals))}"
            }.joined(separator: ","))
            parts.append("]")
        }
        // No "<" anywhere (names are escaped below), so nothing can end the script element.
        return parts.joined() + "}"
    }

    private func ride(_ e: RideHistory.Entry) -> String {
        let t = e.totals
        var s = "{\"id\":\(e.rideID)"
        if let start = e.startUTCms, let day = e.day {
            let local = CivilDate.iso8601(utcMs: start + Int64(e.offsetS) * 1000)
            // In the hour the clocks repeat, the offset tells the two 02:30s apart ("02:30+02:00"), as on the ride's page.
            let clock = local.dropFirst(11).prefix(5) + (e.startIsRepeated ? CivilDate.offsetText(seconds: e.offsetS) : "")
            s += ",\"utcMs\":\(start),\"day\":\(day.days),\"local\":" + JSONText.string(local.prefix(10) + " " + clock)
            s += ",\"utc\":" + JSONText.string(CivilDate.iso8601(utcMs: start))
        } else {
            s += ",\"utcMs\":null,\"day\":null,\"local\":null,\"utc\":null"
        }
        s += ",\"href\":" + (links[e.rideID].map { Self.safe(JSONText.string($0)) } ?? "null")
        s += ",\"files\":[" + (files[e.rideID] ?? []).map { Self.safe(JSONText.string($0)) }.joined(separator: ",") + "]"
        s += ",\"imported\":" + (imported[e.rideID].map { Self.safe(JSONText.string($0)) } ?? "null")
        s += ",\"distanceM\":\(JSONText.number(t.distanceM, digits: 3)),\"bridgedM\":\(JSONText.number(t.bridgedM, digits: 3))"
        s += ",\"bridgedGaps\":\(t.bridgedGaps),\"ascentM\":\(JSONText.number(t.ascentM, digits: 3))"
        s += ",\"movingS\":\(JSONText.number(t.movingS, digits: 3))}"
        return s
    }

    private func totals(_ t: PeriodTotals) -> String {
        "{\"rides\":\(t.rides),\"distanceM\":\(JSONText.number(t.distanceM, digits: 3)),\"bridgedM\":\(JSONText.number(t.bridgedM, digits: 3))"
            + ",\"bridgedGaps\":\(t.bridgedGaps),\"ascentM\":\(JSONText.number(t.ascentM, digits: 3)),\"ridesWithoutClimb\":\(t.ridesWithoutClimb)"
            + ",\"movingS\":\(JSONText.number(t.movingS, digits: 3))}"
    }

    /// A file name (or a device's) inside the JSON block may not hold "<" ("</script>" would end it).
    private static func safe(_ json: String) -> String { json.replacingText("<", with: "\\u003c") }
}
