import RoamCore

/// Streams one ride as a GPX 1.1 track: one <trkseg> per segment, so gaps stay gaps (P5).
/// Elevation is the barometric altitude (P6); the datum is stated in the metadata. Our extra
/// values live in the `roam:` namespace so strict GPX readers ignore them.
public struct GPXWriter<Sink: ByteSink> {
    public static var namespace: String { ExportedFixes.gpxNamespace }
    public private(set) var sink: Sink
    private var openSegment: Int?
    public private(set) var pointCount = 0
    public private(set) var segmentCount = 0
    /// Include flagged fixes (with their flags) instead of only accepted ones.
    public let includeFlagged: Bool
    /// One trkpt's bytes, reused for every fix.
    private let row = ByteRow()

    /// Each point's roam:speed_mps: the page's where the ride's speed is derived (`ExportSpeed`).
    private var speeds = ExportSpeed()
    /// What the ride measured (`UnmeasuredFigures`): a figure nobody measured is left out of every
    /// point rather than marked there, since GPX readers take `<sat>` and `<hdop>` at their word and
    /// have no place for a caveat; the description says what is left out and why.
    private var unmeasured = UnmeasuredFigures(PipelineParameters())

    public init(sink: Sink, includeFlagged: Bool = false) {
        self.sink = sink; self.includeFlagged = includeFlagged
    }

    public mutating func begin(_ ride: RideSummary) throws {
        speeds = ExportSpeed(ride)
        unmeasured = ride.unmeasured
        let t = ride.totals
        var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="roam-board" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:roam="\(Self.namespace)" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <name>Ride \(ride.id)</name>
            <desc>\(Self.description(ride))</desc>

        """
        if let start = ride.startedUTCms { s += "    <time>\(CivilDate.iso8601(utcMs: start))</time>\n" }
        s += "    <extensions>\n      <roam:totals"
        s += " distance_m=\"\(FixedPoint.format(t.distanceM, digits: 1))\""
        // The part of distance_m bridged across gaps (the segments stay apart: nothing is drawn there).
        s += " bridged_m=\"\(FixedPoint.format(t.bridgedM, digits: 1))\" bridged_gaps=\"\(t.bridgedGaps)\""
        s += " moving_s=\"\(FixedPoint.format(t.movingS, digits: 1))\" elapsed_s=\"\(FixedPoint.format(t.elapsedS, digits: 1))\""
        if let a = t.ascentM { s += " ascent_m=\"\(FixedPoint.format(a, digits: 1))\"" }
        if let d = t.descentM { s += " descent_m=\"\(FixedPoint.format(d, digits: 1))\"" }
        s += " max_speed_mps=\"\(FixedPoint.format(t.maxSpeedMps, digits: 2))\" fixes=\"\(t.fixCount)\""
        s += " accepted=\"\(t.acceptedCount)\" flagged=\"\(t.flaggedCount)\" gaps=\"\(t.gapCount)\"/>\n"
        if let imported = ride.importedFrom { s += "      <roam:imported>\(XMLText.escape(imported))</roam:imported>\n" }
        s += "      <roam:parameters>\(XMLText.escape(ride.parametersJSON))</roam:parameters>\n"
        // Which fixes the file holds: an import of it reads a silence by it (`ExportedFixes`).
        s += "      <roam:\(ExportedFixes.gpxElement)>\(ExportedFixes(includeFlagged: includeFlagged).rawValue)</roam:\(ExportedFixes.gpxElement)>\n"
        s += "    </extensions>\n  </metadata>\n  <trk>\n    <name>Ride \(ride.id)</name>\n"
        try sink.write(s)
    }

    /// What the file is: a ride this board recorded, or one imported (`RideSummary.importedNote`).
    static func description(_ ride: RideSummary) -> String {
        guard let imported = ride.importedNote else {
            if let unmeasured = ride.unmeasured.elevationUnmeasured {
                return XMLText.escape((["Elevation: \(unmeasured)."] + ride.unmeasured.gpxNotes).joined(separator: " "))
            }
            return "Elevation: barometric (BMP280), metres above mean sea level by the ICAO standard atmosphere (1013.25 hPa datum)."
        }
        return XMLText.escape("\(imported); \(ride.importedComputed) were computed by roam-board's pipeline.")
    }

    public mutating func write(_ fix: FixRecord) throws {
        let speed = speeds.speed(at: fix)
        guard includeFlagged || fix.flags.isAccepted, let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg else { return }
        let e = fix.epoch
        row.removeAll()
        if openSegment != fix.segment {
            if openSegment != nil { row.append(ascii: "    </trkseg>\n") }
            row.append(ascii: "    <trkseg>\n")
            openSegment = fix.segment
            segmentCount += 1
        }
        row.append(ascii: "      <trkpt lat=\""); row.append(fixed: lat, digits: 8)
        row.append(ascii: "\" lon=\""); row.append(fixed: Self.longitude(lon), digits: 8)
        row.append(ascii: "\">")
        if let ele = fix.baroAltM { element("<ele>", ele, digits: 2, "</ele>") }
        if let t = fix.utcMs { row.append(ascii: "<time>"); row.append(iso8601: t); row.append(ascii: "</time>") }
        if unmeasured.receiverQualityMeasured {
            if let sats = e.satellitesUsed { row.append(ascii: "<sat>"); row.append(decimal: sats); row.append(ascii: "</sat>") }
            if let h = e.hdop { element("<hdop>", h, digits: 2, "</hdop>") }
            if let v = e.vdop { element("<vdop>", v, digits: 2, "</vdop>") }
            if let p = e.pdop { element("<pdop>", p, digits: 2, "</pdop>") }
        }
        row.append(ascii: "<extensions>")
        if let v = speed { element("<roam:speed_mps>", v, digits: 3, "</roam:speed_mps>") }
        if let c = e.courseDeg { element("<roam:course_deg>", c, digits: 2, "</roam:course_deg>") }
        if unmeasured.pressureMeasured, let p = fix.pressurePa { element("<roam:pressure_pa>", p, digits: 2, "</roam:pressure_pa>") }
        if let t = fix.temperatureC { element("<roam:temperature_c>", t, digits: 2, "</roam:temperature_c>") }
        if let a = e.altMSLm { element("<roam:gnss_alt_msl_m>", a, digits: 2, "</roam:gnss_alt_msl_m>") }
        row.append(ascii: "<roam:seq>"); row.append(decimal: fix.seq); row.append(ascii: "</roam:seq>")
        if !fix.flags.isEmpty {
            // Flag names are fixed lowercase words: nothing to escape.
            row.append(ascii: "<roam:flags>")
            var first = true
            for (flag, name) in FixFlags.names + FixFlags.uncountedNames where fix.flags.contains(flag) {
                if !first { row.append(0x20) }
                row.append(utf8: name)
                first = false
            }
            row.append(ascii: "</roam:flags>")
        }
        row.append(ascii: "</extensions></trkpt>\n")
        pointCount += 1
        try row.write(to: &sink)
    }

    /// GPX 1.1 has lon in [-180, 180): a longitude its eight digits write as 180 is -180, the same
    /// meridian (`Longitude.wrapped`). A value out of range is written as it is: no wrap hides a
    /// damaged one.
    static func longitude(_ lon: Double) -> Double {
        let written = (lon * 1e8).rounded() / 1e8
        return (-180...180).contains(written) ? Longitude.wrapped(written) : lon
    }

    private func element(_ open: StaticString, _ value: Double, digits: Int, _ close: StaticString) {
        row.append(ascii: open)
        row.append(fixed: value, digits: digits)
        row.append(ascii: close)
    }

    public mutating func end() throws {
        var s = openSegment != nil ? "    </trkseg>\n" : ""
        s += "  </trk>\n</gpx>\n"
        try sink.write(s)
    }
}
