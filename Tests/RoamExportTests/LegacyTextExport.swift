import RoamCore
@testable import RoamExport

/// The GPX, CSV and GeoJSON writers as they were before they built bytes instead of Strings
/// (dump throughput), with their own copies of the number and escape helpers. They are
/// the reference the streaming writers must match byte for byte: dumps may get faster, never
/// different. Slow on purpose; never used outside the tests.
enum LegacyTextExport {
    static func gpx(_ ride: RideSummary, _ fixes: [FixRecord], includeFlagged: Bool) -> String {
        let t = ride.totals
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"roam-board\" "
            + "xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
            + "xmlns:roam=\"https://roam-board.invalid/gpx/1\" xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 "
            + "http://www.topografix.com/GPX/1/1/gpx.xsd\">\n  <metadata>\n    <name>Ride \(ride.id)</name>\n"
            + "    <desc>Elevation: barometric (BMP280), metres above mean sea level by the ICAO standard atmosphere "
            + "(1013.25 hPa datum).</desc>\n"
        if let start = ride.startedUTCms { s += "    <time>\(CivilDate.iso8601(utcMs: start))</time>\n" }
        s += "    <extensions>\n      <roam:totals"
        s += " distance_m=\"\(fixed(t.distanceM, 1))\" bridged_m=\"\(fixed(t.bridgedM, 1))\" bridged_gaps=\"\(t.bridgedGaps)\" moving_s=\"\(fixed(t.movingS, 1))\" elapsed_s=\"\(fixed(t.elapsedS, 1))\""
        if let a = t.ascentM { s += " ascent_m=\"\(fixed(a, 1))\"" }
        if let d = t.descentM { s += " descent_m=\"\(fixed(d, 1))\"" }
        s += " max_speed_mps=\"\(fixed(t.maxSpeedMps, 2))\" fixes=\"\(t.fixCount)\""
        s += " accepted=\"\(t.acceptedCount)\" flagged=\"\(t.flaggedCount)\" gaps=\"\(t.gapCount)\"/>\n"
        s += "      <roam:parameters>\(xmlEscape(ride.parametersJSON))</roam:parameters>\n"
        // Added with the mark of which fixes the file holds (docs/FORMATS.md): a change of format, not of speed.
        s += "      <roam:fixes>\(includeFlagged ? "all" : "kept")</roam:fixes>\n"
        s += "    </extensions>\n  </metadata>\n  <trk>\n    <name>Ride \(ride.id)</name>\n"
        var openSegment: Int?
        for fix in fixes {
            guard includeFlagged || fix.flags.isAccepted, let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg else { continue }
            if openSegment != fix.segment {
                if openSegment != nil { s += "    </trkseg>\n" }
                s += "    <trkseg>\n"
                openSegment = fix.segment
            }
            let e = fix.epoch
            // GPX 1.1 has no lon 180: the same meridian is -180.
            let lonText = fixed(lon, 8) == "180.00000000" ? "-180.00000000" : fixed(lon, 8)
            s += "      <trkpt lat=\"\(fixed(lat, 8))\" lon=\"\(lonText)\">"
            if let ele = fix.baroAltM { s += "<ele>\(fixed(ele, 2))</ele>" }
            if let t = fix.utcMs { s += "<time>\(CivilDate.iso8601(utcMs: t))</time>" }
            if let sats = e.satellitesUsed { s += "<sat>\(sats)</sat>" }
            if let h = e.hdop { s += "<hdop>\(fixed(h, 2))</hdop>" }
            if let v = e.vdop { s += "<vdop>\(fixed(v, 2))</vdop>" }
            if let p = e.pdop { s += "<pdop>\(fixed(p, 2))</pdop>" }
            s += "<extensions>"
            if let v = e.speedMps { s += "<roam:speed_mps>\(fixed(v, 3))</roam:speed_mps>" }
            if let c = e.courseDeg { s += "<roam:course_deg>\(fixed(c, 2))</roam:course_deg>" }
            if let p = fix.pressurePa { s += "<roam:pressure_pa>\(fixed(p, 2))</roam:pressure_pa>" }
            if let t = fix.temperatureC { s += "<roam:temperature_c>\(fixed(t, 2))</roam:temperature_c>" }
            if let a = e.altMSLm { s += "<roam:gnss_alt_msl_m>\(fixed(a, 2))</roam:gnss_alt_msl_m>" }
            s += "<roam:seq>\(fix.seq)</roam:seq>"
            if !fix.flags.isEmpty { s += "<roam:flags>\(fix.flags.names.joined(separator: " "))</roam:flags>" }
            s += "</extensions></trkpt>\n"
        }
        s += openSegment != nil ? "    </trkseg>\n" : ""
        return s + "  </trk>\n</gpx>\n"
    }

    static let csvColumns = [
        "ride_id", "seq", "t_mono_ns", "t_of_day_ms", "date_ymd", "lat_deg", "lon_deg", "alt_msl_m", "geoid_sep_m",
        "speed_mps", "course_deg", "fix_mode", "fix_quality", "sats_used", "hdop", "vdop", "pdop",
        "gst_lat_err_m", "gst_lon_err_m", "gst_alt_err_m", "pressure_pa", "temperature_c", "nmea",
        "t_utc_ms", "t_source", "flags", "segment", "smooth_lat_deg", "smooth_lon_deg", "baro_alt_m",
        "distance_added_m", "t_utc", "flag_names", "accepted", "distance_m",
    ]

    static func csv(_ fixes: [FixRecord], includeFlagged: Bool) -> String {
        var s = csvColumns.joined(separator: ",") + "\r\n"
        var distanceM = 0.0
        for fix in fixes {
            let accepted = fix.flags.isAccepted
            guard includeFlagged || accepted else { continue }
            distanceM += fix.distanceAddedM
            let e = fix.epoch
            var f = [String(fix.rideID), String(fix.seq), String(fix.monoNs), e.timeOfDayMs.map { String($0) } ?? "",
                     e.date.map { String($0.year * 10_000 + $0.month * 100 + $0.day) } ?? ""]
            for v in [e.latDeg, e.lonDeg, e.altMSLm, e.geoidSepM, e.speedMps, e.courseDeg] { f.append(csvNumber(v)) }
            f.append(String(e.fixMode.rawValue))
            f.append(e.quality.map { String($0) } ?? ""); f.append(e.satellitesUsed.map { String($0) } ?? "")
            for v in [e.hdop, e.vdop, e.pdop, e.gstLatErrM, e.gstLonErrM, e.gstAltErrM, fix.pressurePa, fix.temperatureC] {
                f.append(csvNumber(v))
            }
            // One fix, one line: line breaks and backslashes inside the sentences are escaped.
            f.append(csvText(e.sentences.map { escapeLine($0) }.joined(separator: "\\n")))
            f.append(fix.utcMs.map { String($0) } ?? ""); f.append(String(fix.timeSource.rawValue))
            f.append(String(fix.flags.rawValue)); f.append(String(fix.segment))
            for v in [fix.smoothedLatDeg, fix.smoothedLonDeg, fix.baroAltM, fix.distanceAddedM] { f.append(csvNumber(v)) }
            f.append(fix.utcMs.map { CivilDate.iso8601(utcMs: $0) } ?? "")
            f.append(csvText(fix.flags.names.joined(separator: " ")))
            f.append(accepted ? "1" : "0")
            f.append(csvNumber(distanceM))
            s += f.joined(separator: ",") + "\r\n"
        }
        return s
    }

    static func geojson(_ ride: RideSummary, _ fixes: [FixRecord], includeFlagged: Bool) -> String {
        var s = "{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"id\":\(ride.id),"
            + "\"geometry\":{\"type\":\"MultiLineString\",\"coordinates\":["
        var segment: Int?, pending: String?, lineOpen = false, last: (lon: Double, lat: Double, ele: Double?)?, cut = false
        var lines = 0, positions = 0, singles = 0
        var lone: [(segment: Int, position: String)] = []
        func closeSegment() {
            if lineOpen { s += "]" }
            if let p = pending, !cut { singles += 1; lone.append((segment ?? 0, p)) }
            lineOpen = false; pending = nil; last = nil; cut = false
        }
        func add(_ lon: Double, _ lat: Double, _ ele: Double?) {
            last = (lon, lat, ele)
            var p = "[" + fixed(lon, 7) + "," + fixed(lat, 7)
            if let ele, ele.isFinite { p += "," + fixed(ele, 2) }
            p += "]"
            if lineOpen {
                s += "," + p; positions += 1
            } else if let first = pending {
                s += (lines > 0 ? ",\n[" : "\n[") + first + "," + p
                lineOpen = true; pending = nil; lines += 1; positions += 2
            } else {
                pending = p
            }
        }
        for fix in fixes {
            guard includeFlagged || fix.flags.isAccepted, fix.epoch.hasPosition,
                  let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg else { continue }
            if segment != fix.segment { closeSegment(); segment = fix.segment }
            // Cut at the antimeridian (RFC 7946 §3.1.9): one part ends on 180, the next starts on -180.
            if let p = last, let x = Longitude.antimeridianCrossing(fromDeg: p.lon, toDeg: lon) {
                let latX = p.lat + x.fraction * (lat - p.lat)
                let eleX: Double? = if let a = p.ele, let b = fix.baroAltM { a + x.fraction * (b - a) } else { nil }
                if x.fraction > 0 { add(x.leavingDeg, latX, eleX) }
                if lineOpen { s += "]" }
                lineOpen = false; pending = nil; cut = true
                if x.fraction < 1 { add(-x.leavingDeg, latX, eleX) }
            }
            add(lon, lat, fix.baroAltM)
        }
        closeSegment()
        let t = ride.totals
        func iso(_ ms: Int64?) -> String { ms.map { jsonString(CivilDate.iso8601(utcMs: $0)) } ?? "null" }
        func num(_ v: Double?, _ digits: Int) -> String { v.flatMap { $0.isFinite ? fixed($0, digits) : nil } ?? "null" }
        s += "\n]},\"properties\":{\"ride\":\(ride.id),\"start_utc\":" + iso(ride.startedUTCms) + ",\"end_utc\":" + iso(ride.endedUTCms)
        s += ",\"distance_m\":" + num(t.distanceM, 1) + ",\"bridged_m\":" + num(t.bridgedM, 1) + ",\"bridged_gaps\":\(t.bridgedGaps)" + ",\"moving_s\":" + num(t.movingS, 1) + ",\"elapsed_s\":" + num(t.elapsedS, 1)
        s += ",\"ascent_m\":" + num(t.ascentM, 1) + ",\"descent_m\":" + num(t.descentM, 1) + ",\"max_speed_mps\":" + num(t.maxSpeedMps, 2)
        s += ",\"fixes\":\(t.fixCount),\"accepted\":\(t.acceptedCount),\"flagged\":\(t.flaggedCount),\"gaps\":\(t.gapCount)"
        s += ",\"lines\":\(lines),\"positions\":\(positions),\"single_fix_segments\":\(singles)"
        s += ",\"includes_flagged\":\(includeFlagged)"
        s += ",\"elevation\":\"barometric, metres above mean sea level (ICAO standard atmosphere)\""
        var p = Substring(ride.parametersJSON)
        while let c = p.first, c.isWhitespace { p = p.dropFirst() }
        while let c = p.last, c.isWhitespace { p = p.dropLast() }
        s += ",\"parameters\":" + (p.hasPrefix("{") && p.hasSuffix("}") ? String(p) : jsonString(ride.parametersJSON))
        s += "}}"
        for l in lone {
            s += ",\n{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":\(l.position)},"
                + "\"properties\":{\"ride\":\(ride.id),\"segment\":\(l.segment),\"single_fix\":true}}"
        }
        return s + "]}\n"
    }
}

/// The CSV's NMEA escape, written the plain way: `\` → `\\`, LF → `\n`, CR → `\r`.
func escapeLine(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
        switch c {
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}
