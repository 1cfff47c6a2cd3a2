import RoamCore

/// Streams one ride as an RFC 7946 FeatureCollection holding one Feature: a MultiLineString with
/// one LineString per segment (gaps stay gaps, P5), positions longitude first, the barometric
/// altitude as the third value when known (P6), and the ride's totals as properties. A segment
/// that crosses the antimeridian is cut there in two LineStrings, one ending on 180 and one
/// starting on -180 (or back), as RFC 7946 §3.1.9 asks.
///
/// A LineString needs two positions, so a segment with a single exported fix is no line: it is a
/// Feature of its own after the ride's, a Point with the ride's id and the segment's number (a
/// ride of one fix is an empty MultiLineString and that Point), and the properties count them.
/// The geometry is written before the properties (member order is free in JSON), so the counts
/// are known when the properties are written.
public struct GeoJSONWriter<Sink: ByteSink> {
    public private(set) var sink: Sink
    public let includeFlagged: Bool
    /// LineStrings written (segments with at least two exported fixes, and the parts of a cut one).
    public private(set) var lineCount = 0
    /// Positions written.
    public private(set) var positionCount = 0
    /// Segments that had exactly one exported fix and so no line.
    public private(set) var singleFixSegmentCount = 0

    private var ride: RideSummary?
    private var segment: Int?
    /// The first position of the current segment, held until a second one makes it a line.
    private var pending: [UInt8] = []
    private var hasPending = false
    private var lineOpen = false
    /// The segment's last position, and whether the segment was cut at the antimeridian.
    private var last: (lon: Double, lat: Double, ele: Double?)?
    private var cut = false
    /// The position of each segment of one exported fix, with its segment: written as Points at the end.
    private var lonePoints: [(segment: Int, position: [UInt8])] = []
    /// One write's bytes, reused for every fix.
    private let row = ByteRow(capacity: 128)

    public init(sink: Sink, includeFlagged: Bool = false) {
        self.sink = sink; self.includeFlagged = includeFlagged
        pending.reserveCapacity(64)
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
        if let p = last, let x = Longitude.antimeridianCrossing(fromDeg: p.lon, toDeg: lon) {
            let lat = p.lat + x.fraction * (lat - p.lat)
            let ele = p.ele.flatMap { a in fix.baroAltM.map { a + x.fraction * ($0 - a) } }
            if x.fraction > 0 { try add(lon: x.leavingDeg, lat: lat, ele: ele) }
            if lineOpen { try sink.write("]") }
            lineOpen = false; hasPending = false; cut = true
            if x.fraction < 1 { try add(lon: -x.leavingDeg, lat: lat, ele: ele) }
        }
        try add(lon: lon, lat: lat, ele: fix.baroAltM)
    }

    private mutating func add(lon: Double, lat: Double, ele: Double?) throws {
        last = (lon, lat, ele)
        if !lineOpen && !hasPending {
            // The segment's first position waits in `pending` until a second one makes it a line.
            row.removeAll()
            appendPosition(lat: lat, lon: lon, ele: ele)
            pending.removeAll(keepingCapacity: true)
            pending.append(contentsOf: row.bytes)
            hasPending = true
            return
        }
        row.removeAll()
        if lineOpen {
            row.append(0x2C)  // ","
            positionCount += 1
        } else {
            row.append(ascii: lineCount > 0 ? ",\n[" : "\n[")
            row.append(contentsOf: pending)
            row.append(0x2C)
            lineOpen = true
            hasPending = false
            lineCount += 1
            positionCount += 2
        }
        appendPosition(lat: lat, lon: lon, ele: ele)
        try row.write(to: &sink)
    }

    /// [lon,lat] or [lon,lat,ele]: RFC 7946 puts longitude first.
    private func appendPosition(lat: Double, lon: Double, ele: Double?) {
        row.append(0x5B)
        row.append(fixed: lon, digits: 7)
        row.append(0x2C)
        row.append(fixed: lat, digits: 7)
        if let ele, ele.isFinite { row.append(0x2C); row.append(fixed: ele, digits: 2) }
        row.append(0x5D)
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
        s += ",\"bridged_m\":" + JSONText.number(t.bridgedM, digits: 1) + ",\"bridged_gaps\":\(t.bridgedGaps)"
        s += ",\"moving_s\":" + JSONText.number(t.movingS, digits: 1)
        s += ",\"elapsed_s\":" + JSONText.number(t.elapsedS, digits: 1)
        s += ",\"ascent_m\":" + JSONText.number(t.ascentM, digits: 1)
        s += ",\"descent_m\":" + JSONText.number(t.descentM, digits: 1)
        s += ",\"max_speed_mps\":" + JSONText.number(t.maxSpeedMps, digits: 2)
        s += ",\"fixes\":\(t.fixCount),\"accepted\":\(t.acceptedCount),\"flagged\":\(t.flaggedCount),\"gaps\":\(t.gapCount)"
        s += ",\"lines\":\(lineCount),\"positions\":\(positionCount),\"single_fix_segments\":\(singleFixSegmentCount)"
        s += ",\"includes_flagged\":\(includeFlagged)"
        s += ",\"elevation\":" + JSONText.string(ride.unmeasured.elevationUnmeasured
                                                ?? "barometric, metres above mean sea level (ICAO standard atmosphere)")
        // Stored parameters are JSON already; embed them as an object, or as text if they are not one.
        let p = ride.parametersJSON.trimmedOfWhitespace
        s += ",\"parameters\":" + (p.hasPrefix("{") && p.hasSuffix("}") ? p : JSONText.string(ride.parametersJSON))
        s += "}}"
        for lone in lonePoints {
            s += ",\n{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":"
            s += String(decoding: lone.position, as: UTF8.self)
            s += "},\"properties\":{\"ride\":\(ride.id),\"segment\":\(lone.segment),\"single_fix\":true}}"
        }
        s += "]}\n"
        try sink.write(s)
    }

    private mutating func closeSegment() throws {
        if lineOpen { try sink.write("]") }
        if hasPending && !cut {  // a cut's lone last part is drawn by the part before
            singleFixSegmentCount += 1
            lonePoints.append((segment ?? 0, pending))
        }
        lineOpen = false
        hasPending = false
        last = nil
        cut = false
    }
}

