import RoamCore
import RoamSimulator

/// The explored-map benchmark's history: synthetic rides that explore exactly `cells` distinct
/// precision-7 geohash cells, for `scripts/bench-explored`. Each ride leaves home and wanders cell
/// by cell, mostly straight on and now and then turning, as roads go, so cells cluster along
/// lines and revisit each other the way real riding does, not as a filled square (which would
/// flatter the run encoding). One accepted fix per cell step, 1 s apart.
///
/// RoamBenchmarks does not see the store: the caller passes `startRide`, `commit` and `stopRide`.
public enum ExploredBenchmark {
    public static func writeRides(cells: Int, fixesPerRide: Int = 2_000, startUTCms: Int64, seed: UInt64 = 18,
                                  startRide: (_ startUTCms: Int64) throws -> Int64,
                                  commit: (Batch) throws -> Void,
                                  stopRide: (_ id: Int64, _ endUTCms: Int64) throws -> Void) throws -> (rides: Int, fixes: Int) {
        precondition(cells > 0, "at least one cell")
        // Precision-7 cell size in degrees: 18 longitude bits, 17 latitude bits.
        let cellLon = 360.0 / 262_144, cellLat = 180.0 / 131_072
        let home = (lat: Int((47.99 + 90) / cellLat), lon: Int((7.84 + 180) / cellLon))
        let directions = [(0, 1), (1, 0), (0, -1), (-1, 0)]
        var random = SeededGenerator(seed: seed)
        var seen = Set<Int64>()
        var rides = 0, fixes = 0
        while seen.count < cells {
            let rideStart = startUTCms + Int64(rides) * 86_400_000
            let id = try startRide(rideStart)
            var at = home, heading = Int(random.next() % 4)
            var state = PipelineState(), batch: [FixRecord] = []
            for i in 0..<fixesPerRide where seen.count < cells {
                if random.next() % 10 == 0 { heading = (heading + (random.next() % 2 == 0 ? 1 : 3)) % 4 }
                at = (at.lat + directions[heading].0, at.lon + directions[heading].1)
                seen.insert(Int64(at.lat) << 20 | Int64(at.lon))
                var e = Epoch()
                let utc = rideStart + Int64(i) * 1000
                e.timeOfDayMs = Int(utc % 86_400_000); e.date = CivilDate.civilFromDays(utc / 86_400_000)
                e.latDeg = -90 + (Double(at.lat) + 0.5) * cellLat
                e.lonDeg = -180 + (Double(at.lon) + 0.5) * cellLon
                e.fixMode = .fix3D; e.speedMps = 6; e.hdop = 0.8; e.satellitesUsed = 12; e.altMSLm = 300
                batch.append(FixRecord(rideID: id, seq: Int64(i), monoNs: UInt64(i) * 1_000_000_000, epoch: e,
                                       pressurePa: nil, temperatureC: nil, utcMs: utc, timeSource: .gnss,
                                       flags: i == 0 ? .segmentStart : [], segment: 0, smoothedLatDeg: e.latDeg,
                                       smoothedLonDeg: e.lonDeg, baroAltM: nil, distanceAddedM: i == 0 ? 0 : 150))
                state.totals.fixCount += 1; state.totals.acceptedCount += 1
                state.totals.distanceM += i == 0 ? 0 : 150; state.totals.movingS += 1; state.totals.elapsedS = Double(i)
                state.nextSeq = Int64(i + 1)
                fixes += 1
                if batch.count == 500 {
                    try commit(Batch(rideID: id, fixes: batch, events: [], state: state))
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { try commit(Batch(rideID: id, fixes: batch, events: [], state: state)) }
            try stopRide(id, rideStart + Int64(state.nextSeq) * 1000)
            rides += 1
        }
        return (rides, fixes)
    }
}
