import Foundation
import RoamCore
@testable import RoamStore

/// A database of three rides written through `RideStore`, with the columns the pipeline would
/// derive (flags, segments, barometric altitude, distance) set by a script whose truth is known:
///  - ride A (stopped): three segments (a loss of fix, then a jump), a stop with paused and
///    under-the-gate fixes, a 300 m spike flagged as a jump, a barometric climb;
///  - ride B (stopped): south-west hemisphere, no barometer, a last segment of a single fix;
///  - ride C (recording): a short ride still open.
/// Explored cells (precision 7 of every accepted fix) are inserted as the pipeline would.
struct DumpFixture {
    struct Ride {
        var id: Int64
        var totals: RideTotals
        var fixes: [FixRecord]
        var isRecording: Bool
        var accepted: [FixRecord] { fixes.filter { $0.flags.isAccepted && $0.epoch.hasPosition } }
        var positioned: [FixRecord] { fixes.filter { $0.epoch.hasPosition } }
        /// Segments that hold at least one accepted fix: what every export and the view must draw.
        var segments: [Int] { Array(Set(accepted.map(\.segment))).sorted() }
        var acceptedPerSegment: [Int: Int] { Dictionary(grouping: accepted, by: \.segment).mapValues(\.count) }
    }

    let directory: URL
    let dbPath: String
    let a: Ride, b: Ride, c: Ride
    var rides: [Ride] { [a, b, c] }

    static let startUTCms: Int64 = CivilDate.daysFromCivil(year: 2026, month: 6, day: 14) * 86_400_000 + 27_000_000

    static func make() throws -> DumpFixture {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("roam-dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("rides.db").path
        let store = try RideStore(path: path)
        var script = RideScript(lat: 47.9950, lon: 7.8420, startUTCms: startUTCms, barometer: true)
        script.move(seconds: 240, speedMps: { 4 + 6 * abs(sine(Double($0) / 40)) }, bearingDeg: 35)
        script.stop(seconds: 25)
        script.move(seconds: 60, speedMps: { _ in 7 }, bearingDeg: 80)
        script.spike(northM: 300)
        script.move(seconds: 60, speedMps: { _ in 7 }, bearingDeg: 80)
        script.loseFix(seconds: 20)
        script.move(seconds: 200, speedMps: { 5 + Double($0 % 7) }, bearingDeg: 150)
        script.jump(eastM: 2_500)
        script.move(seconds: 150, speedMps: { _ in 9 }, bearingDeg: 260)
        let a = try commit(script, store: store, stop: true)

        var south = RideScript(lat: -33.4489, lon: -70.6693, startUTCms: startUTCms + 86_400_000, barometer: false)
        south.move(seconds: 80, speedMps: { _ in 6 }, bearingDeg: 200)
        south.loseFix(seconds: 10)
        south.move(seconds: 1, speedMps: { _ in 6 }, bearingDeg: 200)
        let b = try commit(south, store: store, stop: true)

        var open = RideScript(lat: 47.99, lon: 7.85, startUTCms: startUTCms + 2 * 86_400_000, barometer: true)
        open.move(seconds: 30, speedMps: { _ in 8 }, bearingDeg: 0)
        let c = try commit(open, store: store, stop: false)

        // Explored cells, first visit wins, as the pipeline inserts them in the batch transaction.
        let insert = try store.connection.prepare("INSERT OR IGNORE INTO explored (cell, ride_id, t_utc_ms) VALUES (?1, ?2, ?3)")
        for ride in [a, b, c] {
            for f in ride.accepted {
                guard let cell = Geohash.encode(latDeg: f.epoch.latDeg!, lonDeg: f.epoch.lonDeg!, precision: 7) else { continue }
                try insert.bind(cell, at: 1); try insert.bind(ride.id, at: 2); try insert.bind(f.utcMs, at: 3)
                try insert.run(); insert.reset()
            }
        }
        return DumpFixture(directory: dir, dbPath: path, a: a, b: b, c: c)
    }

    /// One ride of `script` committed into `store` in batches of 50, stopped at its last fix when `stop`.
    static func commit(_ script: RideScript, store: RideStore, stop: Bool) throws -> Ride {
        let row = try store.startRide(startedMonoNs: 1_000, startedUTCms: script.startUTCms, parameters: PipelineParameters())
        var state = PipelineState()
        let fixes = script.fixes(rideID: row.id)
        for chunk in stride(from: 0, to: fixes.count, by: 50) {
            let batch = Array(fixes[chunk..<min(chunk + 50, fixes.count)])
            state.nextSeq = batch.last!.seq + 1
            state.totals = script.totals(upTo: Int(state.nextSeq))
            let events = batch.filter { $0.flags.contains(.segmentStart) && $0.segment > 0 }
                .map { RideEvent(kind: .gap, monoNs: $0.monoNs, utcMs: $0.utcMs, detail: script.gapCause[$0.segment] ?? "no fix") }
            try store.commit(Batch(rideID: row.id, fixes: batch, events: events, state: state), commitUTCms: batch.last!.utcMs!)
        }
        if stop { try store.stopRide(id: row.id, endedUTCms: fixes.last?.utcMs) }
        return Ride(id: row.id, totals: script.totals(upTo: fixes.count), fixes: fixes, isRecording: !stop)
    }

    func remove() {
        do { try FileManager.default.removeItem(at: directory) } catch {
            FileHandle.standardError.write(Data("could not remove \(directory.path): \(error)\n".utf8))
        }
    }
}

extension DumpFixture {
    /// A new database holding one stopped ride written through `RideStore` in one batch: the
    /// script's fixes as `adjust` leaves them, the events made from them, stopped `stopAfterMs` after the last fix.
    static func oneRide(_ script: RideScript, stopAfterMs: Int64 = 0, adjust: (inout [FixRecord]) -> Void = { _ in },
                        events: ([FixRecord]) -> [RideEvent]) throws -> (db: String, id: Int64, fixes: [FixRecord]) {
        let db = try CLIRunner.temporaryDirectory().appendingPathComponent("rides.db").path
        let store = try RideStore(path: db)
        defer { store.close() }
        let row = try store.startRide(startedMonoNs: 1_000, startedUTCms: script.startUTCms, parameters: PipelineParameters())
        var fixes = script.fixes(rideID: row.id)
        adjust(&fixes)
        var state = PipelineState()
        state.nextSeq = Int64(fixes.count)
        state.totals = script.totals(upTo: fixes.count)
        try store.commit(Batch(rideID: row.id, fixes: fixes, events: events(fixes), state: state), commitUTCms: fixes.last!.utcMs!)
        try store.stopRide(id: row.id, endedUTCms: fixes.last!.utcMs! + stopAfterMs)
        return (db, row.id, fixes)
    }
}

extension DumpFixture {
    /// Removes the folder `oneRide` made for `db`: each test's, in a defer.
    static func removeFolder(of db: String) { TrialPaths.remove(URL(fileURLWithPath: db).deletingLastPathComponent()) }
}

extension DumpFixture {
    /// A ride of 30 fixes stopped while the receiver was silent: its last event is a gap after
    /// its last fix (`show` and the ride page say the ride ended in it).
    static func rideEndingInASilentGap() throws -> (db: String, id: Int64, fixes: [FixRecord]) {
        var script = RideScript(lat: 47.9950, lon: 7.8420, startUTCms: startUTCms, barometer: true)
        script.move(seconds: 30, speedMps: { _ in 6 }, bearingDeg: 35)
        return try oneRide(script, stopAfterMs: 12_000) { fixes in
            [RideEvent(kind: .gap, monoNs: 40_000_000_000, utcMs: fixes.last!.utcMs! + 2_000,
                       detail: GapCause.receiverSilent.rawValue, beforeSeq: Int64(fixes.count))]
        }
    }
}
