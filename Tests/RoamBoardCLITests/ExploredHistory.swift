import Foundation
import RoamCore
@testable import RoamStore

/// Ride databases for the explored tests, written through the real store (`RideStore.commit`
/// records each accepted fix's cell in the batch transaction, as on the board). A ride is a list
/// of positions one second apart; nil is a second without a fix, which splits the segment.
struct ExploredHistory {
    let directory: URL
    let dbPath: String

    static let startUTCms: Int64 = CivilDate.daysFromCivil(year: 2026, month: 5, day: 2) * 86_400_000 + 25_200_000

    /// `bridged`: a ride's (by its index) distance bridged across gaps, added to its totals as the pipeline adds it.
    static func make(_ rides: [[(lat: Double, lon: Double)?]], bridged: [Int: (m: Double, gaps: Int)] = [:]) throws -> ExploredHistory {
        let dir = try CLIRunner.temporaryDirectory()
        let path = dir.appendingPathComponent("rides.db").path
        let store = try RideStore(path: path)
        for (n, positions) in rides.enumerated() {
            let start = startUTCms + Int64(n) * 86_400_000
            let row = try store.startRide(startedMonoNs: 1_000, startedUTCms: start, parameters: PipelineParameters())
            var state = PipelineState()
            if let b = bridged[n] { state.totals.bridgedM = b.m; state.totals.bridgedGaps = b.gaps; state.totals.distanceM = b.m }
            var fixes: [FixRecord] = []
            var segment = 0, newSegment = true, previous: (lat: Double, lon: Double)?
            for (i, position) in positions.enumerated() {
                var e = Epoch()
                let utc = start + Int64(i) * 1000
                e.timeOfDayMs = Int(utc % 86_400_000); e.date = CivilDate.civilFromDays(utc / 86_400_000)
                var flags: FixFlags = []
                var added = 0.0
                if let p = position {
                    e.latDeg = p.lat; e.lonDeg = p.lon; e.fixMode = .fix3D; e.speedMps = 6; e.hdop = 0.9; e.satellitesUsed = 9
                    if newSegment {
                        if state.totals.acceptedCount > 0 { segment += 1; state.totals.gapCount += 1 }
                        flags = .segmentStart; newSegment = false
                    } else if let q = previous {
                        added = Haversine.distanceM(lat1: q.lat, lon1: q.lon, lat2: p.lat, lon2: p.lon)
                    }
                    previous = p
                    state.totals.acceptedCount += 1
                } else {
                    e.fixMode = .noFix; flags = .noFix; newSegment = true; previous = nil
                    state.totals.flaggedCount += 1
                }
                state.totals.fixCount += 1; state.totals.distanceM += added
                fixes.append(FixRecord(rideID: row.id, seq: Int64(i), monoNs: UInt64(i + 1) * 1_000_000_000, epoch: e,
                                       pressurePa: nil, temperatureC: nil, utcMs: utc, timeSource: .gnss, flags: flags,
                                       segment: segment, smoothedLatDeg: e.latDeg, smoothedLonDeg: e.lonDeg, baroAltM: nil,
                                       distanceAddedM: added))
            }
            for chunk in stride(from: 0, to: fixes.count, by: 50) {
                let batch = Array(fixes[chunk..<min(chunk + 50, fixes.count)])
                state.nextSeq = batch.last!.seq + 1
                try store.commit(Batch(rideID: row.id, fixes: batch, events: [], state: state), commitUTCms: batch.last!.utcMs!)
            }
            try store.stopRide(id: row.id, endedUTCms: fixes.last?.utcMs)
        }
        return ExploredHistory(directory: dir, dbPath: path)
    }

    /// Points every `stepM` metres along a bearing, longitudes kept in −180…180 across the antimeridian.
    static func line(from start: (lat: Double, lon: Double), bearingDeg: Double, metres: Double,
                     stepM: Double = 25) -> [(lat: Double, lon: Double)?] {
        let perDegree = Haversine.earthRadiusM * .pi / 180
        var lat = start.lat, lon = start.lon
        var points: [(lat: Double, lon: Double)?] = [(lat, lon)]
        for _ in 0..<Int(metres / stepM) {
            let b = bearingDeg * .pi / 180
            lat += stepM * cosine(b) / perDegree
            lon += stepM * sine(b) / (perDegree * cosine(lat * .pi / 180))
            if lon >= 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            points.append((lat, lon))
        }
        return points
    }

    /// `explored --precision N` of this database, as (cell, ride) pairs.
    func cells(precision: Int) throws -> [(cell: String, ride: String)] {
        let r = try CLIRunner.run(["explored", "--db", dbPath, "--precision", "\(precision)"])
        guard r.status == 0 else { throw JudgeFailure(description: "explored failed: \(r.stderr)") }
        return r.stdout.split(separator: "\n").map { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            return (String(parts[0]), String(parts.last!))
        }
    }

    /// Deletes cells as a database written before cells were recorded would lack them.
    func forgetCells(where condition: String) throws {
        let store = try RideStore(path: dbPath)
        try store.connection.execute("DELETE FROM explored WHERE \(condition)")
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
