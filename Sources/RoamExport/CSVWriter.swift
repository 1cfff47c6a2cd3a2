import RoamCore

/// Streams one ride as RFC 4180 CSV: a header row, then one row per exported fix with every raw
/// column as stored (the receiver's NMEA text included) and every derived column, plus the running
/// distance. Empty fields are values the receiver or barometer did not send. Lines end in CRLF.
public struct CSVWriter<Sink: ByteSink> {
    public private(set) var sink: Sink
    public let includeFlagged: Bool
    public private(set) var rowCount = 0
    private var distanceM = 0.0

    /// Column names: the `fixes` columns of the schema, then what the exporter derives.
    public static var columns: [String] {
        ["ride_id", "seq", "t_mono_ns", "t_of_day_ms", "date_ymd", "lat_deg", "lon_deg", "alt_msl_m", "geoid_sep_m",
         "speed_mps", "course_deg", "fix_mode", "fix_quality", "sats_used", "hdop", "vdop", "pdop",
         "gst_lat_err_m", "gst_lon_err_m", "gst_alt_err_m", "pressure_pa", "temperature_c", "nmea",
         "t_utc_ms", "t_source", "flags", "segment", "smooth_lat_deg", "smooth_lon_deg", "baro_alt_m",
         "distance_added_m", "t_utc", "flag_names", "accepted", "distance_m"]
    }

    public init(sink: Sink, includeFlagged: Bool = false) {
        self.sink = sink; self.includeFlagged = includeFlagged
    }

    public mutating func begin(_ ride: RideSummary) throws {
        try sink.write(Self.columns.joined(separator: ",") + "\r\n")
    }

    /// Without `includeFlagged`, only accepted fixes (which always have a position).
    public mutating func write(_ fix: FixRecord) throws {
        let accepted = fix.flags.isAccepted
        guard includeFlagged || accepted else { return }
        distanceM += fix.distanceAddedM
        let e = fix.epoch
        var f: [String] = []
        f.reserveCapacity(35)
        f.append(String(fix.rideID)); f.append(String(fix.seq)); f.append(String(fix.monoNs))
        f.append(CSVField.integer(e.timeOfDayMs))
        f.append(CSVField.integer(e.date.map { $0.year * 10_000 + $0.month * 100 + $0.day }))
        for v in [e.latDeg, e.lonDeg, e.altMSLm, e.geoidSepM, e.speedMps, e.courseDeg] { f.append(CSVField.number(v)) }
        f.append(String(e.fixMode.rawValue))
        f.append(CSVField.integer(e.quality)); f.append(CSVField.integer(e.satellitesUsed))
        for v in [e.hdop, e.vdop, e.pdop, e.gstLatErrM, e.gstLonErrM, e.gstAltErrM, fix.pressurePa, fix.temperatureC] {
            f.append(CSVField.number(v))
        }
        // The epoch's sentences, one per line inside one quoted field, exactly as stored.
        f.append(CSVField.text(e.sentences.joined(separator: "\n")))
        f.append(CSVField.integer(fix.utcMs)); f.append(String(fix.timeSource.rawValue))
        f.append(String(fix.flags.rawValue)); f.append(String(fix.segment))
        for v in [fix.smoothedLatDeg, fix.smoothedLonDeg, fix.baroAltM, fix.distanceAddedM] { f.append(CSVField.number(v)) }
        f.append(fix.utcMs.map { CivilDate.iso8601(utcMs: $0) } ?? "")
        f.append(CSVField.text(fix.flags.names.joined(separator: " ")))
        f.append(accepted ? "1" : "0")
        f.append(CSVField.number(distanceM))
        try sink.write(f.joined(separator: ",") + "\r\n")
        rowCount += 1
    }

    public mutating func end() throws {}
}
