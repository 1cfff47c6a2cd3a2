import RoamCore

/// How a `FixRecord` maps onto the columns of `fixes`. Insert and select share one column list,
/// so what is written is exactly what is read back.
enum FixColumns {
    static let names = SchemaV1.rawFixColumns + [
        "t_utc_ms", "t_source", "flags", "segment", "smooth_lat_deg", "smooth_lon_deg", "baro_alt_m", "distance_added_m",
    ]

    static let insert: String = {
        let placeholders = (1...names.count).map { "?\($0)" }.joined(separator: ", ")
        // names[0] is ride_id and names[1] is seq, bound as ?1 and ?2.
        return "INSERT INTO fixes (fix_key, \(names.joined(separator: ", "))) VALUES (\(FixKey.of("?1", "?2")), \(placeholders))"
    }()

    static func bind(_ fix: FixRecord, to statement: SQLiteStatement) throws(SQLiteError) {
        let e = fix.epoch
        var b = RowBinder(statement)
        try b.add(fix.rideID)
        try b.add(fix.seq)
        try b.add(Int64(bitPattern: fix.monoNs))
        try b.add(e.timeOfDayMs)
        try b.add(e.date.map { $0.year * 10_000 + $0.month * 100 + $0.day })
        try b.add(e.latDeg)
        try b.add(e.lonDeg)
        try b.add(e.altMSLm)
        try b.add(e.geoidSepM)
        try b.add(e.speedMps)
        try b.add(e.courseDeg)
        try b.add(e.fixMode.rawValue)
        try b.add(e.quality)
        try b.add(e.satellitesUsed)
        try b.add(e.hdop)
        try b.add(e.vdop)
        try b.add(e.pdop)
        try b.add(e.gstLatErrM)
        try b.add(e.gstLonErrM)
        try b.add(e.gstAltErrM)
        try b.add(fix.pressurePa)
        try b.add(fix.temperatureC)
        // Sentences never contain a line break (the framer strips them), so "\n" is a safe joint.
        try b.add(e.sentences.joined(separator: "\n"))
        try bindDerived(fix, to: &b)
    }

    /// Binds the derived columns, in `names` order, after whatever `b` has bound so far
    /// (the insert above, and rederive's update after its key).
    static func bindDerived(_ fix: FixRecord, to b: inout RowBinder) throws(SQLiteError) {
        try b.add(fix.utcMs)
        try b.add(fix.timeSource.rawValue)
        try b.add(fix.flags.rawValue)
        try b.add(fix.segment)
        try b.add(fix.smoothedLatDeg)
        try b.add(fix.smoothedLonDeg)
        try b.add(fix.baroAltM)
        try b.add(fix.distanceAddedM)
    }

    /// Decodes the current row of a statement that selected `names` in order.
    static func read(_ statement: SQLiteStatement, path: String) throws(StoreError) -> FixRecord {
        var r = RowReader(statement)
        let rideID = r.int64(), seq = r.int64()
        let monoNs = UInt64(bitPattern: r.int64())
        var e = Epoch()
        e.timeOfDayMs = r.optionalInt()
        e.date = r.optionalInt().map { UTCDate(year: $0 / 10_000, month: $0 / 100 % 100, day: $0 % 100) }
        e.latDeg = r.optionalDouble()
        e.lonDeg = r.optionalDouble()
        e.altMSLm = r.optionalDouble()
        e.geoidSepM = r.optionalDouble()
        e.speedMps = r.optionalDouble()
        e.courseDeg = r.optionalDouble()
        let modeRaw = r.int()
        guard let mode = FixMode(rawValue: modeRaw) else { throw corrupt(rideID, seq, "fix_mode \(modeRaw)", path) }
        e.fixMode = mode
        e.quality = r.optionalInt()
        e.satellitesUsed = r.optionalInt()
        e.hdop = r.optionalDouble()
        e.vdop = r.optionalDouble()
        e.pdop = r.optionalDouble()
        e.gstLatErrM = r.optionalDouble()
        e.gstLonErrM = r.optionalDouble()
        e.gstAltErrM = r.optionalDouble()
        let pressurePa = r.optionalDouble(), temperatureC = r.optionalDouble()
        let nmea = r.text()
        e.sentences = nmea.isEmpty ? [] : nmea.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let utcMs = r.optionalInt64()
        let sourceRaw = r.int()
        guard let source = TimeSource(rawValue: sourceRaw) else { throw corrupt(rideID, seq, "t_source \(sourceRaw)", path) }
        let flags = FixFlags(rawValue: r.int())
        let segment = r.int()
        let smoothLat = r.optionalDouble(), smoothLon = r.optionalDouble(), baroAlt = r.optionalDouble()
        let added = r.double()
        return FixRecord(rideID: rideID, seq: seq, monoNs: monoNs, epoch: e, pressurePa: pressurePa,
                         temperatureC: temperatureC, utcMs: utcMs, timeSource: source, flags: flags, segment: segment,
                         smoothedLatDeg: smoothLat, smoothedLonDeg: smoothLon, baroAltM: baroAlt, distanceAddedM: added)
    }

    private static func corrupt(_ ride: Int64, _ seq: Int64, _ what: String, _ path: String) -> StoreError {
        .corruptRow(table: "fixes", detail: "ride \(ride) seq \(seq) has unknown \(what)", path: path)
    }
}
