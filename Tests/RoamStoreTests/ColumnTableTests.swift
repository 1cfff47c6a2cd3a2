import RoamCore
import Testing
@testable import RoamStore

/// The column tables are the schema's one description: what the migrations built must be what
/// they derive, and each column must hold the field its name says.
@Suite struct ColumnTableTests {
    /// SQL text compared without its layout: runs of whitespace are one space, none beside punctuation.
    static func normalized(_ sql: String) -> String {
        var out = "", pendingSpace = false
        for c in sql {
            if c.isWhitespace { pendingSpace = true; continue }
            if pendingSpace, let last = out.last, !"(),;".contains(last), !"(),;".contains(c) { out.append(" ") }
            pendingSpace = false
            out.append(c)
        }
        return out
    }

    static func storedSQL(_ db: SQLiteConnection, _ type: String, _ name: String) throws -> String {
        try #require(try db.singleText("SELECT sql FROM sqlite_master WHERE type = '\(type)' AND name = '\(name)'"))
    }

    @Test("Each table's derived CREATE TABLE is the one the migrations left in sqlite_master",
          arguments: [FixColumns.table.createSQL, RideColumns.table.createSQL, EventColumns.table.createSQL])
    func derivedTableEqualsMigratedSchema(derived: String) throws {
        let dir = try TemporaryDirectory()
        let store = try RideStore(path: dir.path())
        let name = try #require(derived.split(separator: " ").dropFirst(2).first.map(String.init))
        let stored = try Self.storedSQL(store.connection, "table", name)
        #expect(Self.normalized(derived) == Self.normalized(stored))
    }

    @Test("The derived raw-column trigger of fixes is the one the migrations made")
    func derivedTriggerEqualsMigratedSchema() throws {
        let dir = try TemporaryDirectory()
        let store = try RideStore(path: dir.path())
        let stored = try Self.storedSQL(store.connection, "trigger", "fixes_raw_immutable")
        #expect(Self.normalized(FixColumns.table.immutabilityTriggerSQL) == Self.normalized(stored))
        #expect(FixColumns.table.rawNames.first == "fix_key" && FixColumns.table.rawNames.last == "nmea")
    }

    /// Reads one column of one row in the SQL type that `like` has.
    static func value(_ db: SQLiteConnection, _ sql: String, like: ColumnValue) throws -> ColumnValue {
        let statement = try db.prepare(sql)
        _ = try statement.step()
        switch like {
        case .integer: return .integer(statement.optionalInt64(at: 0))
        case .real: return .real(statement.optionalDouble(at: 0))
        case .text: return .text(statement.optionalText(at: 0))
        case .blob: return .blob(statement.blob(at: 0))
        }
    }

    @Test("Every column of fixes holds the field its name says (a swapped pair fails here)")
    func fixColumnsHoldTheirFields() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        try store.commit(Sample.batch(ride: ride.id, seqs: 0..<2), commitUTCms: 1)
        let f = Sample.fullFix(ride: ride.id, seq: 1), e = f.epoch
        typealias V = ColumnValue
        let expected: [String: V] = [
            "ride_id": .integer(f.rideID), "seq": .integer(f.seq), "t_mono_ns": .integer(Int64(bitPattern: f.monoNs)),
            "t_of_day_ms": .integer(e.timeOfDayMs.map(Int64.init)), "date_ymd": .integer(20_240_609),
            "lat_deg": .real(e.latDeg), "lon_deg": .real(e.lonDeg), "alt_msl_m": .real(e.altMSLm),
            "geoid_sep_m": .real(e.geoidSepM), "speed_mps": .real(e.speedMps), "course_deg": .real(e.courseDeg),
            "fix_mode": .integer(Int64(e.fixMode.rawValue)), "fix_quality": .integer(e.quality.map(Int64.init)),
            "sats_used": .integer(e.satellitesUsed.map(Int64.init)), "hdop": .real(e.hdop), "vdop": .real(e.vdop),
            "pdop": .real(e.pdop), "gst_lat_err_m": .real(e.gstLatErrM), "gst_lon_err_m": .real(e.gstLonErrM),
            "gst_alt_err_m": .real(e.gstAltErrM), "pressure_pa": .real(f.pressurePa), "temperature_c": .real(f.temperatureC),
            "nmea": .blob(try PackedText.pack(e.sentences.joined(separator: "\n"), with: .nmea1)), "t_utc_ms": .integer(f.utcMs),
            "t_source": .integer(Int64(f.timeSource.rawValue)), "flags": .integer(Int64(f.flags.rawValue)),
            "segment": .integer(Int64(f.segment)), "smooth_lat_deg": .real(f.smoothedLatDeg),
            "smooth_lon_deg": .real(f.smoothedLonDeg), "baro_alt_m": .real(f.baroAltM),
            "distance_added_m": .real(f.distanceAddedM),
        ]
        #expect(Set(expected.keys) == Set(FixColumns.names))
        for name in FixColumns.names {
            let want = try #require(expected[name])
            let stored = try Self.value(store.connection, "SELECT \(name) FROM fixes WHERE seq = 1", like: want)
            #expect(stored == want, "fixes.\(name)")
        }
    }

    @Test("Every totals column of rides holds the total its name says")
    func rideTotalsColumnsHoldTheirFields() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        var state = PipelineState()
        state.totals.distanceM = 1.5; state.totals.movingS = 2.5; state.totals.elapsedS = 3.5
        state.totals.ascentM = 4.5; state.totals.descentM = 5.5; state.totals.maxSpeedMps = 6.5
        state.totals.fixCount = 7; state.totals.acceptedCount = 8; state.totals.flaggedCount = 9; state.totals.gapCount = 10
        try store.commit(Batch(rideID: ride.id, fixes: [], events: [], state: state), commitUTCms: 1)
        typealias V = ColumnValue
        let expected: [String: V] = [
            "distance_m": .real(1.5), "moving_s": .real(2.5), "elapsed_s": .real(3.5), "ascent_m": .real(4.5),
            "descent_m": .real(5.5), "max_speed_mps": .real(6.5), "fix_count": .integer(7), "accepted_count": .integer(8),
            "flagged_count": .integer(9), "gap_count": .integer(10),
        ]
        #expect(Set(expected.keys) == Set(RideColumns.totals.writtenNames))
        for name in RideColumns.totals.writtenNames {
            let want = try #require(expected[name])
            let stored = try Self.value(store.connection, "SELECT \(name) FROM rides WHERE id = \(ride.id)", like: want)
            #expect(stored == want, "rides.\(name)")
        }
        let row = try #require(try store.ride(id: ride.id))
        #expect(row.totals == state.totals)
    }

    @Test("A gap event's position is written to and read from its own column")
    func gapPositionHasItsColumn() throws {
        let dir = try TemporaryDirectory()
        let (store, ride) = try Sample.startedStore(at: dir.path())
        let gap = RideEvent(kind: .gap, monoNs: 9, detail: GapCause.loggerRestarted.rawValue, beforeSeq: 1234)
        try store.commit(Batch(rideID: ride.id, fixes: [], events: [gap], state: PipelineState()), commitUTCms: 1)
        let detail = try store.connection.singleText("SELECT detail FROM events WHERE kind = 'gap'")
        let position = try store.connection.singleText("SELECT before_seq FROM events WHERE kind = 'gap'")
        #expect(detail == "logger restarted" && position == "1234")
        let events = try RideReader(path: dir.path()).events(ride: ride.id)
        #expect(events == [gap])
    }

    @Test("A fix's sentences are joined into the bytes joined(separator:) gives, whatever the lines hold")
    func joinedSentencesAreTheTextJoined() {
        let cases: [[String]] = [
            [], [""], ["", ""],
            ["$GNRMC,073000.00,A,4757.84000,N,00757.11889,E,0.034,,140626,,,A*6B", "$GNGST,073000.00,8.5,1.0,0.8,0.0,0.9,0.9,4.6*4B"],
            ["short", String(repeating: "x", count: 300), "é ünïcode", String("$GPTXT,01,01,02,ANTSTATUS=OK*3B".dropFirst())],
        ]
        for lines in cases {
            #expect(FixColumns.joinedUTF8(lines) == Array(lines.joined(separator: "\n").utf8), "\(lines)")
        }
    }
}
