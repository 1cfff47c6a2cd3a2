import RoamCore

/// Streams one ride as RFC 4180 CSV: a header row, then one row per exported fix with every raw
/// column as stored (the receiver's NMEA text included) and every derived column, plus the running
/// distance. Empty fields are values the receiver or barometer did not send, or did not measure
/// (`UnmeasuredFigures`: a replayed track's made-up satellites and DOP, its pressure worked back from
/// elevation; a CSV has no place to mark a value, and its `nmea` column keeps what the replay sent). Lines end in CRLF,
/// and one fix is one line: the NMEA field escapes its line breaks (`\n`, `CSVField.appendEscapedLines`).
public struct CSVWriter<Sink: ByteSink> {
    public private(set) var sink: Sink
    public let includeFlagged: Bool
    public private(set) var rowCount = 0
    private var distanceM = 0.0
    /// One row's bytes and its flag names, reused for every fix.
    private let row = ByteRow()
    private var flagNames: [String] = []
    private let numbers = CSVNumberMemo(columns: 19)
    private var unmeasured = UnmeasuredFigures(PipelineParameters())

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
        unmeasured = ride.unmeasured
        try sink.write(Self.columns.joined(separator: ",") + "\r\n")
    }

    /// Without `includeFlagged`, only accepted fixes (which always have a position).
    public mutating func write(_ fix: FixRecord) throws {
        let accepted = fix.flags.isAccepted
        guard includeFlagged || accepted else { return }
        distanceM += fix.distanceAddedM
        let e = fix.epoch
        row.removeAll()
        row.append(decimal: fix.rideID); comma(); row.append(decimal: fix.seq); comma(); row.append(decimal: fix.monoNs); comma()
        CSVField.appendInteger(e.timeOfDayMs, to: row); comma()
        CSVField.appendInteger(e.date.map { $0.year * 10_000 + $0.month * 100 + $0.day }, to: row); comma()
        number(e.latDeg, 0); number(e.lonDeg, 1); number(e.altMSLm, 2); number(e.geoidSepM, 3)
        number(e.speedMps, 4); number(e.courseDeg, 5)
        row.append(decimal: e.fixMode.rawValue); comma()
        let quality = unmeasured.receiverQualityMeasured
        CSVField.appendInteger(e.quality, to: row); comma(); CSVField.appendInteger(quality ? e.satellitesUsed : nil, to: row); comma()
        number(quality ? e.hdop : nil, 6); number(quality ? e.vdop : nil, 7); number(quality ? e.pdop : nil, 8)
        number(e.gstLatErrM, 9); number(e.gstLonErrM, 10); number(e.gstAltErrM, 11)
        number(unmeasured.pressureMeasured ? fix.pressurePa : nil, 12); number(fix.temperatureC, 13)
        // The epoch's sentences in one field on one line (`\n` between them): one fix, one line.
        CSVField.appendEscapedLines(e.sentences, to: row); comma()
        if let t = fix.utcMs { row.append(decimal: t) }
        comma(); row.append(decimal: fix.timeSource.rawValue); comma()
        row.append(decimal: fix.flags.rawValue); comma(); row.append(decimal: fix.segment); comma()
        number(fix.smoothedLatDeg, 14); number(fix.smoothedLonDeg, 15); number(fix.baroAltM, 16); number(fix.distanceAddedM, 17)
        if let t = fix.utcMs { row.append(iso8601: t) }
        comma()
        flagNames.removeAll(keepingCapacity: true)
        // Every name, `moved-through-gap` too (FixFlags' uncounted ones): the column says all the flags say.
        for (flag, name) in FixFlags.names where fix.flags.contains(flag) { flagNames.append(name) }
        for (flag, name) in FixFlags.uncountedNames where fix.flags.contains(flag) { flagNames.append(name) }
        CSVField.appendText(flagNames, separator: 0x20, to: row); comma()
        row.append(accepted ? 0x31 : 0x30); comma()
        numbers.append(distanceM, column: 18, to: row)
        row.append(ascii: "\r\n")
        try row.write(to: &sink)
        rowCount += 1
    }

    /// A number field (the memo's column `column`) and the comma after it.
    private func number(_ v: Double?, _ column: Int) {
        numbers.append(v, column: column, to: row)
        comma()
    }

    @inline(__always)
    private func comma() { row.append(0x2C) }

    public mutating func end() throws {}
}
