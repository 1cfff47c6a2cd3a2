import RoamCore

/// Streams one ride as an RFC 7946 FeatureCollection holding one Feature: a MultiLineString with
/// one LineString per segment (gaps stay gaps, P5), positions longitude first, the barometric
/// altitude as the third value when known (P6), and the ride's totals as properties.
///
/// A LineString needs two positions, so a segment with a single exported fix draws no line; the
/// properties count those. The geometry is written before the properties (member order is free in
/// JSON), so the counts are known when the properties are written.
public struct GeoJSONWriter<Sink: ByteSink> {
    public private(set) var sink: Sink
    public let includeFlagged: Bool
    /// LineStrings written (segments with at least two exported fixes).
    public private(set) var lineCount = 0
    /// Positions written.
    public private(set) var positionCount = 0
    /// Segments that had exactly one exported fix and so no line.
    public private(set) var singleFixSegmentCount = 0

    private var ride: RideSummary?
    private var segment: Int?
    /// The first position of the current segment, held until a second one makes it a line.
    private var pending: String?
    private var lineOpen = false

    public init(sink: Sink, includeFlagged: Bool = false) {
        self.sink = sink; self.includeFlagged = includeFlagged
    }

    public mutating func begin(_ ride: RideSummary) throws {
        self.ride = ride
        try sink.write("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"id\":\(ride.id),"
                       + "\"geometry\":{\"type\":\"MultiLineString\",\"coordinates\":[")
    }

    public mutating func write(_ fix: FixRecord) throws {
        guard includeFlagged || fix.flags.isAccepted, fix.epoch.hasPosition,
              let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg else { return }
        if segment != fix.segment { try closeSegment(); segment = fix.segment }
        var p = "[" + FixedPoint.format(lon, digits: 7) + "," + FixedPoint.format(lat, digits: 7)
        if let ele = fix.baroAltM, ele.isFinite { p += "," + FixedPoint.format(ele, digits: 2) }
        p += "]"
        if lineOpen {
            try sink.write("," + p)
            positionCount += 1
        } else if let first = pending {
            try sink.write((lineCount > 0 ? ",\n[" : "\n[") + first + "," + p)
            lineOpen = true
            pending = nil
            lineCount += 1
            positionCount += 2
        } else {
            pending = p
        }
    }

    public mutating func end() throws {
        guard let ride else { preconditionFailure("GeoJSONWriter.end() before begin()") }
        try closeSegment()
        let t = ride.totals
        var s = "\n]},\"properties\":{"
        s += "\"ride\":\(ride.id)"
        s += ",\"start_utc\":" + (ride.startedUTCms.map { JSONText.string(CivilDate.iso8601(utcMs: $0)) } ?? "null")
        s += ",\"end_utc\":" + (ride.endedUTCms.map { JSONText.string(CivilDate.iso8601(utcMs: $0)) } ?? "null")
        s += ",\"distance_m\":" + JSONText.number(t.distanceM, digits: 1)
        s += ",\"moving_s\":" + JSONText.number(t.movingS, digits: 1)
        s += ",\"elapsed_s\":" + JSONText.number(t.elapsedS, digits: 1)
        s += ",\"ascent_m\":" + JSONText.number(t.ascentM, digits: 1)
        s += ",\"descent_m\":" + JSONText.number(t.descentM, digits: 1)
        s += ",\"max_speed_mps\":" + JSONText.number(t.maxSpeedMps, digits: 2)
        s += ",\"fixes\":\(t.fixCount),\"accepted\":\(t.acceptedCount),\"flagged\":\(t.flaggedCount),\"gaps\":\(t.gapCount)"
        s += ",\"lines\":\(lineCount),\"positions\":\(positionCount),\"single_fix_segments\":\(singleFixSegmentCount)"
        s += ",\"includes_flagged\":\(includeFlagged)"
        s += ",\"elevation\":\"barometric, metres above mean sea level (ICAO standard atmosphere)\""
        // Stored parameters are JSON already; embed them as an object, or as text if they are not one.
        let p = ride.parametersJSON.trimmingPrefixWhitespace
        s += ",\"parameters\":" + (p.hasPrefix("{") && p.hasSuffix("}") ? p : JSONText.string(ride.parametersJSON))
        s += "}}]}\n"
        try sink.write(s)
    }

    private mutating func closeSegment() throws {
        if lineOpen { try sink.write("]") }
        if pending != nil { singleFixSegmentCount += 1 }
        lineOpen = false
        pending = nil
    }
}

extension String {
    fileprivate var trimmingPrefixWhitespace: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
