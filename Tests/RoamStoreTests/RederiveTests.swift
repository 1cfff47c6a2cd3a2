import Foundation
import RoamSimulator
import RoamCore
import RoamStore
import Testing

/// `rederive` (P4) on a real SQLite file holding the bench ride, committed batch by batch as the
/// recorder does, with a logger restart in the middle.
@Suite struct RederiveTests {
    static let inputs = RideSimulation(seed: 1).sensorEpochs()

    /// A ride recorded into a fresh database; removed with the value.
    final class RecordedRide {
        let dir: URL
        let path: String
        let id: Int64
        let liveTotals: RideTotals

        /// Commits `inputs` in batches of `batch`, restarting the logger before epoch `restartAt`
        /// (resuming from the stored row, as re-arm does), then stops the ride (unless `stopping` is false: a live ride).
        init(_ inputs: [SensorEpoch], batch: Int = 5, restartAt: Int? = 1_000, parameters: PipelineParameters = .init(),
             stopping: Bool = true) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-rederive-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            path = dir.appendingPathComponent("rides.db").path
            let store = try RideStore(path: path)
            let row = try store.startRide(startedMonoNs: 1, parameters: parameters)
            id = row.id
            var pipeline = RidePipeline(rideID: id, state: row.pipelineState, parameters: row.parameters)
            var start = 0
            while start < inputs.count {
                var end = min(inputs.count, start + batch)
                var events: [RideEvent] = []
                if let r = restartAt, (start..<end).contains(r) {
                    if r > start { end = r } else {
                        let stored = try #require(try store.ride(id: id))
                        pipeline = RidePipeline(rideID: id, state: stored.pipelineState, parameters: stored.parameters)
                        var gap = pipeline.markGap(.loggerRestarted, monoNs: inputs[r].monoNs)
                        gap.beforeSeq = pipeline.state.nextSeq
                        events.append(gap)
                    }
                }
                var fixes: [FixRecord] = []
                for input in inputs[start..<end] {
                    let (fix, caused) = pipeline.process(input)
                    fixes.append(fix); events += caused
                }
                try store.commit(Batch(rideID: id, fixes: fixes, events: events, state: pipeline.state), commitUTCms: 1_000 + Int64(start))
                start = end
            }
            liveTotals = pipeline.state.totals
            if stopping { try store.stopRide(id: id, endedUTCms: pipeline.state.lastAccepted?.utcMs) }
        }

        deinit {
            do { try FileManager.default.removeItem(at: dir) } catch {
                FileHandle.standardError.write(Data("could not remove \(dir.path): \(error)\n".utf8))
            }
        }

        func rederive(_ p: PipelineParameters?) throws -> RederiveReport {
            try RideStore(path: path).rederive(ride: id, parameters: p, recordedUTCms: 9_999)
        }

        /// FNV-1a over every value of `columns` of `table`, in key order, exactly: reals by their bits.
        func hash(_ table: String, columns: [String], orderBy: String) throws -> UInt64 {
            let db = try SQLiteConnection(path: path, mode: .readOnly)
            let list = columns.map { "typeof(\($0)), \($0)" }.joined(separator: ", ")
            let select = try db.prepare("SELECT \(list) FROM \(table) ORDER BY \(orderBy)")
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix<S: Sequence>(_ bytes: S) where S.Element == UInt8 { for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 } }
            var rows = 0
            while try select.step() {
                rows += 1
                for k in 0..<Int32(columns.count) {
                    let type = select.text(at: 2 * k)
                    mix(type.utf8)
                    switch type {
                    case "real": withUnsafeBytes(of: select.double(at: 2 * k + 1).bitPattern) { mix($0) }
                    case "integer": withUnsafeBytes(of: select.int64(at: 2 * k + 1)) { mix($0) }
                    case "null": break
                    default: mix(select.text(at: 2 * k + 1).utf8)
                    }
                }
            }
            mix(String(rows).utf8)
            return h
        }

        static let rawColumns = ["ride_id", "seq", "t_mono_ns", "t_of_day_ms", "date_ymd", "lat_deg", "lon_deg", "alt_msl_m",
                                 "geoid_sep_m", "speed_mps", "course_deg", "fix_mode", "fix_quality", "sats_used", "hdop", "vdop",
                                 "pdop", "gst_lat_err_m", "gst_lon_err_m", "gst_alt_err_m", "pressure_pa", "temperature_c", "nmea"]
        static let derivedColumns = ["t_utc_ms", "t_source", "flags", "segment", "smooth_lat_deg", "smooth_lon_deg",
                                     "baro_alt_m", "distance_added_m"]

        func rawHash() throws -> UInt64 { try hash("fixes", columns: Self.rawColumns, orderBy: "ride_id, seq") }

        /// Everything a rederive may touch: fixes, events, rides, explored.
        func contentHash() throws -> [UInt64] {
            [try hash("fixes", columns: Self.rawColumns + Self.derivedColumns, orderBy: "ride_id, seq"),
             try hash("events", columns: ["id", "ride_id", "kind", "t_mono_ns", "t_utc_ms", "detail", "recorded_utc_ms", "before_seq"], orderBy: "id"),
             try hash("rides", columns: ["id", "state", "distance_m", "moving_s", "elapsed_s", "ascent_m", "descent_m", "max_speed_mps",
                                         "fix_count", "accepted_count", "flagged_count", "gap_count", "pipeline_state", "parameters",
                                         "params_version"], orderBy: "id"),
             try hash("explored", columns: ["cell", "ride_id", "t_utc_ms"], orderBy: "cell")]
        }
    }

    @Test func theLiveRideWritesExploredCellsAndPassesTheConsistencyCheck() throws {
        let ride = try RecordedRide(Self.inputs)
        let reader = try RideReader(path: ride.path)
        var cells = Set<String>()
        try reader.forEachFix(ride: ride.id) { fix in
            if fix.flags.isAccepted, let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg {
                cells.insert(Geohash.encode(latDeg: lat, lonDeg: lon)!)
            }
        }
        var stored = Set<String>()
        try reader.forEachExploredCell(precision: 7) { stored.insert($0.geohash) }
        #expect(cells.count > 50 && stored == cells)
        let check = try Rederivation.check(path: ride.path)
        #expect(check.isConsistent, "\(check.text)")
        #expect(ride.liveTotals.segmentCount == 3 && ride.liveTotals.gapCount == 2)
    }

    @Test func rederiveWithTheStoredParametersReproducesTheLiveRideExactly() throws {
        let ride = try RecordedRide(Self.inputs)
        let before = try ride.contentHash()
        let report = try ride.rederive(nil)
        #expect(report.fixesChanged == 0 && !report.gapEventsRewritten && report.fixCount == Self.inputs.count)
        #expect(report.totals == ride.liveTotals)
        // The pipeline state written for a stopped ride is the replay's; everything else is untouched.
        var after = try ride.contentHash()
        after[2] = before[2]
        #expect(after == before)
    }

    @Test func rederiveWithOtherParametersChangesOnlyDerivedColumnsAndRecordsThem() throws {
        let ride = try RecordedRide(Self.inputs)
        let raw = try ride.rawHash()
        var p = PipelineParameters()
        p.gapAfterS = 120     // the 91 s tunnel is no longer a gap
        p.distanceGateM = 5
        let report = try ride.rederive(p)
        #expect(try ride.rawHash() == raw)
        #expect(report.fixesChanged > 500 && report.gapEventsRewritten)
        #expect(report.pipelineGapsBefore == 1 && report.pipelineGapsAfter == 0)
        #expect(report.totals.segmentCount == 2 && report.totals.gapCount == 1)  // only the restart remains
        // The tunnel's distance, bridged live, is measured now: the same road, counted as measured.
        #expect(ride.liveTotals.bridgedM > 500 && report.totals.bridgedM < ride.liveTotals.bridgedM - 500)
        #expect(report.totals.distanceM - report.totals.bridgedM > ride.liveTotals.distanceM - ride.liveTotals.bridgedM + 500)
        let row = try #require(try RideReader(path: ride.path).ride(id: ride.id))
        #expect(row.parameters == p && row.totals.distanceM == report.totals.distanceM)
        let events = try RideReader(path: ride.path).events(ride: ride.id).filter { $0.kind == .gap }
        #expect(events.map(\.detail) == [GapCause.loggerRestarted.rawValue])

        // Twice with the same parameters: nothing changes at all.
        let content = try ride.contentHash()
        let again = try ride.rederive(p)
        #expect(again.fixesChanged == 0 && !again.gapEventsRewritten && again.totals == report.totals)
        #expect(try ride.contentHash() == content)

        // And back: the original parameters give the live ride's derived columns and totals again.
        let back = try ride.rederive(PipelineParameters())
        #expect(back.totals == ride.liveTotals && back.pipelineGapsAfter == 1)
        #expect(try ride.rawHash() == raw)
        #expect(try Rederivation.check(path: ride.path).isConsistent)
    }

    @Test func undatedFixesAreBackfilledInALaterBatchAndRederiveAgrees() throws {
        // A receiver that sends the date late (GGA before RMC): the first six epochs have a fix and
        // a time of day but no date, and are committed in batches of two before the date arrives.
        var inputs = Array(Self.inputs.prefix(300))
        for k in 0..<6 { inputs[k].epoch.date = nil }
        let ride = try RecordedRide(inputs, batch: 2, restartAt: nil)
        let reader = try RideReader(path: ride.path)
        var first: [FixRecord] = []
        try reader.forEachFix(ride: ride.id) { if $0.seq < 8 { first.append($0) } }
        let start = RideSimulation.defaultStartUTCms
        #expect(first.prefix(6).allSatisfy { $0.timeSource == .backfilled && $0.flags.contains(.beforeValidDate) })
        #expect(first.map(\.utcMs) == (0..<8).map { start + Int64($0) * 1000 })
        #expect(first.suffix(2).allSatisfy { $0.timeSource == .gnss })
        let report = try ride.rederive(nil)
        #expect(report.fixesChanged == 0)
    }

    @Test func refusesARecordingRideAndUnusableParameters() throws {
        let ride = try RecordedRide(Array(Self.inputs.prefix(20)), restartAt: nil)
        let store = try RideStore(path: ride.path)
        var bad = PipelineParameters()
        bad.gapAfterS = 0
        #expect(throws: RederiveError.self) { try store.rederive(ride: ride.id, parameters: bad, recordedUTCms: nil) }
        #expect(throws: RederiveError.noSuchRide(id: 99, path: ride.path)) { try store.rederive(ride: 99, recordedUTCms: nil) }
        let second = try store.startRide(startedMonoNs: 5, parameters: .init())
        #expect(throws: RederiveError.rideRecording(id: second.id)) { try store.rederive(ride: second.id, recordedUTCms: nil) }
    }
}
