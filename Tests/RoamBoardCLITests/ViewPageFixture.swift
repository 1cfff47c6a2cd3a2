import Foundation
import RoamCore
@testable import RoamStore

/// The bench board's ride recorded by `record` and its page written by `view`, with what the
/// page tests judge it against read straight from the database with SQL of their own: drawn
/// segments, auto-paused runs, gap causes, the stored distance. The page is kept as text; each
/// test writes it to a file of its own and removes it.
struct ViewPageFixture: Sendable {
    struct Pause: Sendable { var fromUTCms: Int64, toUTCms: Int64 }

    let html: String
    let drawnSegments: [Int]
    let pauses: [Pause]
    let gapCauses: [String]
    let distanceM: Double
    /// The running distance on either side of each gap: the bridged stretch has no moment of its own.
    let bridges: [(fromM: Double, toM: Double)]
    /// One fix inside the café stop, one inside the tunnel, one while riding (UTC ms).
    let pausedUTCms: Int64, gapUTCms: Int64, movingUTCms: Int64

    static let shared = Result { try make() }

    private static func make() throws -> ViewPageFixture {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (db, html) = try ViewBenchRide.recordAndView(in: dir)

        let sql = try SQLiteConnection(path: db, mode: .readOnly)
        var fixes: [(utc: Int64, segment: Int, flags: FixFlags, distanceM: Double)] = []
        var sum = 0.0
        let rows = try sql.prepare("SELECT t_utc_ms, segment, flags, distance_added_m FROM fixes WHERE ride_id = 1 ORDER BY seq")
        while try rows.step() {
            sum += rows.double(at: 3)
            fixes.append((rows.int64(at: 0), rows.int(at: 1), FixFlags(rawValue: rows.int(at: 2)), sum))
        }
        rows.reset()
        let distance = try sql.prepare("SELECT distance_m FROM rides WHERE id = 1")
        guard try distance.step() else { throw TrialSetupError(message: "no ride 1 in \(db)") }
        let distanceM = distance.double(at: 0)
        distance.reset()
        var causes: [String] = []
        let events = try sql.prepare("SELECT detail FROM events WHERE ride_id = 1 AND kind = 'gap' ORDER BY id")
        while try events.step() { causes.append(events.text(at: 0)) }
        events.reset()

        let drawn = fixes.filter { $0.flags.isAccepted && !$0.flags.contains(.noFix) }
        // A paused run lasts from its first fix to the next fix that is not paused.
        var pauses: [Pause] = [], open: Int64?
        for f in fixes {
            if f.flags.contains(.paused) { open = open ?? f.utc } else if let from = open { pauses.append(Pause(fromUTCms: from, toUTCms: f.utc)); open = nil }
        }
        if let from = open, let last = fixes.last { pauses.append(Pause(fromUTCms: from, toUTCms: last.utc)) }
        let moving = drawn.filter { !$0.flags.contains(.paused) }
        let paused = fixes.filter { $0.flags.contains(.paused) }, tunnel = fixes.filter { $0.flags.contains(.noFix) }
        guard paused.count > 10, tunnel.count > 10, drawn.count > 100 else { throw TrialSetupError(message: "the bench ride lost its stop or its tunnel") }
        return ViewPageFixture(html: html,
                               drawnSegments: Array(Set(drawn.map(\.segment))).sorted(), pauses: pauses, gapCauses: causes,
                               distanceM: distanceM,
                               bridges: zip(drawn, drawn.dropFirst()).filter { $0.0.segment != $0.1.segment }.map { ($0.0.distanceM, $0.1.distanceM) },
                               pausedUTCms: paused[paused.count / 2].utc, gapUTCms: tunnel[tunnel.count / 2].utc,
                               movingUTCms: moving[moving.count / 3].utc)
    }

    /// The page written to a file of its own, removed by `done`.
    func page() throws -> (url: URL, done: () -> Void) { try Self.write(html) }

    static func write(_ html: String) throws -> (url: URL, done: () -> Void) {
        let dir = try CLIRunner.temporaryDirectory()
        let url = dir.appendingPathComponent("ride.html")
        try html.write(to: url, atomically: true, encoding: .utf8)
        return (url, { try? FileManager.default.removeItem(at: dir) })
    }
}

/// Rides that have almost nothing to show, written through `RideStore` as the recorder would:
/// one fix, fixes without a position, every fix flagged, no fix at all.
enum ViewPageEdgeRides {
    static let names = ["one fix", "no position", "all flagged", "no fixes"]

    /// The database's path (in `dir`) and the ride ids in the order of `names`.
    static func make(in dir: URL) throws -> (db: String, ids: [Int64]) {
        let path = dir.appendingPathComponent("edge.db").path
        let store = try RideStore(path: path)
        let start = DumpFixture.startUTCms
        var one = RideScript(lat: 47.99, lon: 7.84, startUTCms: start, barometer: true)
        one.move(seconds: 1, speedMps: { _ in 5 }, bearingDeg: 0)
        var lost = RideScript(lat: 47.99, lon: 7.84, startUTCms: start + 3_600_000, barometer: true)
        lost.loseFix(seconds: 8)
        var flagged = RideScript(lat: 47.99, lon: 7.84, startUTCms: start + 7_200_000, barometer: true)
        for _ in 0..<6 { flagged.spike(northM: 400) }
        var ids: [Int64] = []
        for script in [one, lost, flagged] {
            let row = try store.startRide(startedMonoNs: 1_000, startedUTCms: script.startUTCms, parameters: PipelineParameters())
            let fixes = script.fixes(rideID: row.id)
            var state = PipelineState()
            state.nextSeq = Int64(fixes.count)
            state.totals = script.totals(upTo: fixes.count)
            try store.commit(Batch(rideID: row.id, fixes: fixes, events: [], state: state), commitUTCms: fixes.last!.utcMs!)
            try store.stopRide(id: row.id, endedUTCms: fixes.last?.utcMs)
            ids.append(row.id)
        }
        let empty = try store.startRide(startedMonoNs: 1_000, startedUTCms: start + 10_800_000, parameters: PipelineParameters())
        try store.stopRide(id: empty.id, endedUTCms: nil)
        ids.append(empty.id)
        return (path, ids)
    }
}
