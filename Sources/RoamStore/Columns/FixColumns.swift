import RoamCore

/// The columns of `fixes`, each with its field of `FixRecord`: the CREATE TABLE text, the raw-column
/// trigger, the insert, rederive's update and every read are derived from this one list.
enum FixColumns {
    typealias C = Column<FixRecord>

    static let table = ColumnTable<FixRecord>("fixes", [
        C("fix_key", "INTEGER PRIMARY KEY", raw: true, value: nil, read: nil),
        .integer("ride_id", sql: "INTEGER NOT NULL REFERENCES rides(id) ON DELETE CASCADE", raw: true, \.rideID),
        .integer("seq", raw: true, \.seq),
        .bits("t_mono_ns", raw: true, \.monoNs),
        .integer("t_of_day_ms", raw: true, \.epoch.timeOfDayMs),
        C("date_ymd", "INTEGER", raw: true, value: { .integer($0.epoch.date.map { Int64($0.year * 10_000 + $0.month * 100 + $0.day) }) },
          read: { fix, stored in
              fix.epoch.date = stored.optionalInt.map { UTCDate(year: $0 / 10_000, month: $0 / 100 % 100, day: $0 % 100) }
              return nil
          }),
        .real("lat_deg", raw: true, \.epoch.latDeg),
        .real("lon_deg", raw: true, \.epoch.lonDeg),
        .real("alt_msl_m", raw: true, \.epoch.altMSLm),
        .real("geoid_sep_m", raw: true, \.epoch.geoidSepM),
        .real("speed_mps", raw: true, \.epoch.speedMps),
        .real("course_deg", raw: true, \.epoch.courseDeg),
        C("fix_mode", "INTEGER NOT NULL", raw: true, value: { .integer(Int64($0.epoch.fixMode.rawValue)) },
          read: { fix, stored in
              guard let mode = FixMode(rawValue: stored.int) else { return "fix_mode \(stored.int)" }
              fix.epoch.fixMode = mode
              return nil
          }),
        .integer("fix_quality", raw: true, \.epoch.quality),
        .integer("sats_used", raw: true, \.epoch.satellitesUsed),
        .real("hdop", raw: true, \.epoch.hdop),
        .real("vdop", raw: true, \.epoch.vdop),
        .real("pdop", raw: true, \.epoch.pdop),
        .real("gst_lat_err_m", raw: true, \.epoch.gstLatErrM),
        .real("gst_lon_err_m", raw: true, \.epoch.gstLonErrM),
        .real("gst_alt_err_m", raw: true, \.epoch.gstAltErrM),
        .real("pressure_pa", raw: true, \.pressurePa),
        .real("temperature_c", raw: true, \.temperatureC),
        // Sentences never contain a line break (the framer strips them), so "\n" is a safe joint.
        // Stored packed (PackedText: the same bytes back in about half the page space). Rows from
        // before hold TEXT, as would a value deflate failed on; readers take either.
        C("nmea", "TEXT NOT NULL", raw: true, value: { fix in
              let text = joinedUTF8(fix.epoch.sentences)
              guard !text.isEmpty, let packed = try? PackedText.pack(utf8: text, with: .nmea1) else {  // no storage error: stored as text
                  return .text(String(decoding: text, as: UTF8.self))
              }
              return .blob(packed)
          },
          read: { fix, stored in
              do throws(PackedText.Failure) {
                  fix.epoch.sentences = try sentences(stored)
                  return nil
              } catch {
                  return "nmea (a packed value that \(error))"
              }
          }),
        // Derived: back-fill and rollover correction rewrite the times, rederive all of these.
        .integer("t_utc_ms", \.utcMs),
        C("t_source", "INTEGER NOT NULL", value: { .integer(Int64($0.timeSource.rawValue)) },
          read: { fix, stored in
              guard let source = TimeSource(rawValue: stored.int) else { return "t_source \(stored.int)" }
              fix.timeSource = source
              return nil
          }),
        C("flags", "INTEGER NOT NULL", value: { .integer(Int64($0.flags.rawValue)) },
          read: { fix, stored in fix.flags = FixFlags(rawValue: stored.int); return nil }),
        .integer("segment", \.segment),
        .real("smooth_lat_deg", \.smoothedLatDeg),
        .real("smooth_lon_deg", \.smoothedLonDeg),
        .real("baro_alt_m", \.baroAltM),
        .real("distance_added_m", \.distanceAddedM),
    ], constraints: ["CHECK (seq >= 0 AND seq < 4294967296 AND fix_key = (ride_id << 32) + seq)"])

    /// The columns a fix binds and reads, in table order (`fix_key` is computed from two of them).
    static let names = table.readableNames
    /// `names` with the receiver's text selected as '': for readers that never look at it (the
    /// pipeline does not), inflating and splitting it costs more than all the other columns.
    static let namesWithoutNMEA = names.map { $0 == "nmea" ? "'' AS nmea" : $0 }
    /// The derived columns: what rederive may rewrite.
    static let derived = table.written.filter { !$0.isRaw }
    static let derivedNames = derived.map(\.name)

    static let insert: String = {
        let placeholders = (1...names.count).map { "?\($0)" }.joined(separator: ", ")
        precondition(names == table.writtenNames && names.prefix(2) == ["ride_id", "seq"],
                     "a fix writes what it reads, and the fix key is computed from ?1 and ?2")
        return "INSERT INTO fixes (fix_key, \(names.joined(separator: ", "))) VALUES (\(FixKey.of("?1", "?2")), \(placeholders))"
    }()

    /// Rederive's update of the derived columns of the fix keyed by ?1 (ride) and ?2 (seq).
    static let updateDerived =
        "UPDATE fixes SET \(table.assignments(derivedNames, from: 3)) WHERE fix_key = \(FixKey.of("?1", "?2"))"

    static func bind(_ fix: FixRecord, to statement: SQLiteStatement) throws(SQLiteError) {
        var b = RowBinder(statement)
        try table.bind(fix, to: &b)
    }

    /// Binds the key and derived columns of `updateDerived`.
    static func bindUpdate(_ fix: FixRecord, to statement: SQLiteStatement) throws(SQLiteError) {
        var b = RowBinder(statement)
        try b.add(fix.rideID)
        try b.add(fix.seq)
        try table.bind(fix, only: derivedNames, to: &b)
    }

    private static let blank = FixRecord(rideID: 0, seq: 0, monoNs: 0, epoch: Epoch(), pressurePa: nil, temperatureC: nil,
                                         utcMs: nil, timeSource: .monotonicOnly, flags: [], segment: 0)

    /// Decodes the current row of a statement that selected `names` in order.
    static func read(_ statement: SQLiteStatement, path: String) throws(StoreError) -> FixRecord {
        switch table.read(statement, into: blank) {
        case .success(let fix): return fix
        case .failure(let bad):
            throw corrupt(statement.int64(at: 0), statement.int64(at: 1), "\(bad.problem)", path)
        }
    }

    /// The UTF-8 of `lines` joined with "\n", built in one buffer: what `joined(separator:)` gives,
    /// without its generic String path and the copy into bytes for deflate (per fix committed).
    /// Each line is copied from its contiguous UTF-8 in one go: appending a `String.UTF8View` goes
    /// byte by byte (1.7 % of the commit thread replaying 10 Hz).
    static func joinedUTF8(_ lines: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for (i, line) in lines.enumerated() {
            if i > 0 { bytes.append(0x0A) }
            var line = line  // withUTF8 is mutating; a native string (every framed sentence) is not copied
            line.withUTF8 { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// The sentences of a stored `nmea` value, packed or text; empty text is no sentence at all.
    static func sentences(_ stored: StoredValue) throws(PackedText.Failure) -> [String] {
        let text = stored.isBlob ? try PackedText.unpack(stored.blob) : stored.text
        // Split on the byte: as Characters, "\r\n" is one grapheme and would hide its "\n".
        return text.isEmpty ? [] : text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    private static func corrupt(_ ride: Int64, _ seq: Int64, _ what: String, _ path: String) -> StoreError {
        .corruptRow(table: "fixes", detail: "ride \(ride) seq \(seq) has unknown \(what)", path: path)
    }
}
