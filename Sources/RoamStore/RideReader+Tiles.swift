import RoamCore

extension RideReader {
    /// The explorer tiles at each of `zooms`, computed on demand from the stored accepted fixes
    /// with a position (the fixes the explored cells come from), every ride in the order it was
    /// ridden (its first dated fix; undated rides last, by id): a tile's first visit is its earliest,
    /// as an explored cell's is, whatever order the rides were stored in.
    /// Nothing is stored: one pass over each ride's fixes, one row in memory at a time.
    public func exploreTiles(zooms: [Int]) throws -> [TileExplorer] {
        var explorers = zooms.map { TileExplorer(zoom: $0) }
        var ridden: [(ride: RideRow, start: Int64)] = []
        for ride in try rides() { ridden.append((ride, try span(ride.id).startUTCms ?? Int64.max)) }
        ridden.sort { ($0.start, $0.ride.id) < ($1.start, $1.ride.id) }
        for ride in ridden.map({ $0.ride }) {
            for i in explorers.indices { explorers[i].addEmptyRide(ride.id) }
            let cursor = try FixCursor(connection: connection, rideID: ride.id, excludingFlags: .rejecting, withNMEA: false)
            defer { cursor.finish() }
            while let fix = try cursor.next() {
                guard fix.flags.isAccepted, fix.epoch.hasPosition,
                      let lat = fix.epoch.latDeg, let lon = fix.epoch.lonDeg else { continue }
                for i in explorers.indices { explorers[i].add(ride: ride.id, latDeg: lat, lonDeg: lon, utcMs: fix.utcMs) }
            }
        }
        for i in explorers.indices { explorers[i].finishRide() }
        return explorers
    }
}
