import RoamCore

/// Streams one ride as a GPX 1.1 track: one <trkseg> per segment, so gaps stay gaps (P5).
/// Elevation is the barometric altitude (P6); the datum is stated in the metadata. Our extra
/// values live in the `roam:` namespace so strict GPX readers ignore them.
public struct GPXWriter<Sink: ByteSink> {
    public static var namespace: String { "https://roam-board.invalid/gpx/1" }
    public private(set) var sink: Sink
    private var openSegment: Int?
    public private(set) var pointCount = 0
    public private(set) var segmentCount = 0
    /// Include flagged fixes (with their flags) instead of only accepted ones.
    public let includeFlagged: Bool

    public init(sink: Sink, includeFlagged: Bool = false) {
        self.sink = sink; self.includeFlagged = includeFlagged
    }

    public mutating func begin(_ ride: RideSummary) throws {
        let t = ride.totals
        var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="roam-board" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:roam="\(Self.namespace)" \
        xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <name>Ride \(ride.id)</name>
            <desc>Elevation: barometric (BMP280), metres above mean sea level by the ICAO standard atmosphere (1013.25 hPa datum).</desc>

        """
        if let start = ride.startedUTCms { s += "    <time>\(CivilDate.iso8601(utcMs: start))</time>\n" }
        s += "    <extensions>\n      <roam:totals"
        s += " distance_m=\"\(FixedPoint.format(t.distanceM, digits: 1))\""
        s += " moving_s=\"\(FixedPoint.format(t.movingS, digits: 1))\" elapsed_s=\"\(FixedPoint.format(t.elapsedS, digits: 1))\""
        if let a = t.ascentM { s += " ascent_m=\"\(FixedPoint.format(a, digits: 1))\"" }
        if let d = t.descentM { s += " descent_m=\"\(FixedPoint.format(d, digits: 1))\"" }
        s += " max_speed_mps=\"\(FixedPoint.format(t.maxSpeedMps, digits: 2))\" fixes=\"\(t.fixCount)\""
        s += " accepted=\"\(t.acceptedCount)\" flagged=\"\(t.flaggedCount)\" gaps=\"\(t.gapCount)\"/>\n"
        s += "      <roam:parameters>\(XMLText.escape(ride.parametersJSON))</roam:parameters>\n"
        s += "    </extensions>\n  </metadata>\n  <trk>\n    <name>Ride \(ride.id)</name>\n"
        try sink.write(s)
    }

    public mutating func write(_ fix: FixRecord) throws {
        guard includeFlagged || fix.flags.isAccepted, let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg else { return }
        var s = ""
        if openSegment != fix.segment {
            if openSegment != nil { s += "    </trkseg>\n" }
            s += "    <trkseg>\n"
            openSegment = fix.segment
            segmentCount += 1
        }
        s += "      <trkpt lat=\"\(FixedPoint.format(lat, digits: 8))\" lon=\"\(FixedPoint.format(lon, digits: 8))\">"
        if let ele = fix.baroAltM { s += "<ele>\(FixedPoint.format(ele, digits: 2))</ele>" }
        if let t = fix.utcMs { s += "<time>\(CivilDate.iso8601(utcMs: t))</time>" }
        if let sats = fix.epoch.satellitesUsed { s += "<sat>\(sats)</sat>" }
        if let h = fix.epoch.hdop { s += "<hdop>\(FixedPoint.format(h, digits: 2))</hdop>" }
        if let v = fix.epoch.vdop { s += "<vdop>\(FixedPoint.format(v, digits: 2))</vdop>" }
        if let p = fix.epoch.pdop { s += "<pdop>\(FixedPoint.format(p, digits: 2))</pdop>" }
        s += "<extensions>"
        if let v = fix.epoch.speedMps { s += "<roam:speed_mps>\(FixedPoint.format(v, digits: 3))</roam:speed_mps>" }
        if let c = fix.epoch.courseDeg { s += "<roam:course_deg>\(FixedPoint.format(c, digits: 2))</roam:course_deg>" }
        if let p = fix.pressurePa { s += "<roam:pressure_pa>\(FixedPoint.format(p, digits: 2))</roam:pressure_pa>" }
        if let t = fix.temperatureC { s += "<roam:temperature_c>\(FixedPoint.format(t, digits: 2))</roam:temperature_c>" }
        if let a = fix.epoch.altMSLm { s += "<roam:gnss_alt_msl_m>\(FixedPoint.format(a, digits: 2))</roam:gnss_alt_msl_m>" }
        s += "<roam:seq>\(fix.seq)</roam:seq>"
        if !fix.flags.isEmpty { s += "<roam:flags>\(fix.flags.names.joined(separator: " "))</roam:flags>" }
        s += "</extensions></trkpt>\n"
        pointCount += 1
        try sink.write(s)
    }

    public mutating func end() throws {
        var s = openSegment != nil ? "    </trkseg>\n" : ""
        s += "  </trk>\n</gpx>\n"
        try sink.write(s)
    }
}
