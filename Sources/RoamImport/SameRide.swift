import RoamCore
import RoamGPX
import RoamStore

/// Whether a file holds a ride already stored from other bytes (a device's FIT and a website's GPX
/// of it, the board's own recording): the same time AND the same track. A stored ride must cover
/// more than half of the file's time span (`RideStore.ridesOverlapping`), and at the file's points
/// where that ride has a fix within `nearInTimeMs`, at least 4 in 5 must lie within `nearM` of it
/// (up to `compared` points, spread over the file; at least `minimumCompared` of them, or all of a shorter file). The time
/// alone is not enough: another rider's file, or a ride elsewhere logged by a second device at the
/// same hours, is a ride of its own. Sampling rates need not agree: each file point is compared
/// with the stored fix nearest in time.
enum SameRide {
    static let nearInTimeMs: Int64 = 30_000
    static let nearM = 150.0
    static let compared = 60
    static let minimumCompared = 5

    /// The first stored ride that is the same ride as `points`, if any.
    static func find(_ points: [GPXTrack.Point], in store: RideStore) throws -> Int64? {
        guard let first = points.first?.utcMs, let last = points.last?.utcMs else { return nil }
        for id in try store.ridesOverlapping(firstUTCms: first, lastUTCms: last)
        where matches(points, try store.positions(ride: id, firstUTCms: first - nearInTimeMs, lastUTCms: last + nearInTimeMs)) {
            return id
        }
        return nil
    }

    /// True when enough of `points` lie near `stored` (in time order) at the same time.
    static func matches(_ points: [GPXTrack.Point], _ stored: [TimedPosition]) -> Bool {
        guard !stored.isEmpty, !points.isEmpty else { return false }
        let step = max(1, points.count / compared)
        var near = 0, far = 0
        for point in stride(from: 0, to: points.count, by: step).map({ points[$0] }) {
            guard let fix = nearest(point.utcMs, in: stored), abs(fix.utcMs - point.utcMs) <= nearInTimeMs else { continue }
            let d = Haversine.distanceM(lat1: point.latDeg, lon1: point.lonDeg, lat2: fix.latDeg, lon2: fix.lonDeg)
            if d <= nearM { near += 1 } else { far += 1 }
        }
        return near + far >= min(minimumCompared, points.count) && near * 5 >= (near + far) * 4
    }

    /// The stored fix nearest in time to `utcMs` (binary search over the time-ordered fixes).
    static func nearest(_ utcMs: Int64, in stored: [TimedPosition]) -> TimedPosition? {
        var low = 0, high = stored.count
        while low < high {
            let mid = (low + high) / 2
            if stored[mid].utcMs < utcMs { low = mid + 1 } else { high = mid }
        }
        let candidates = [low - 1, low].filter { stored.indices.contains($0) }.map { stored[$0] }
        return candidates.min { abs($0.utcMs - utcMs) < abs($1.utcMs - utcMs) }
    }
}
