import RoamCore
import RoamGPX
import RoamStore

/// Whether a file holds a ride already stored from other bytes (a device's FIT and a website's GPX
/// of it, the board's own recording): the same time AND the same track. A stored ride must cover
/// more than half of the file's time span (`RideStore.ridesOverlapping`), and at the file's points
/// where that ride has a fix within `nearInTimeMs`, at least 4 in 5 must lie within `nearM` of it
/// (up to `compared` points, spread over the part of the file where that ride has fixes; at least
/// `minimumCompared` of them, or all there are). The time alone is not enough: another rider's file,
/// or a ride elsewhere logged by a second device at the same hours, is a ride of its own. Sampling
/// rates need not agree: each file point is compared with the stored fix nearest in time, found by
/// an indexed probe (`TrackProbe`), so a stored ride of any length costs a few thousand seeks.
///
/// Spread over the stored ride's fixes rather than the whole file: a ride whose import is unfinished
/// (`RideStore.storeImport` claims the file's whole span with its first chunk) or still recording has
/// fixes over part of the span only, and is compared where it has them.
enum SameRide {
    static let nearInTimeMs: Int64 = 30_000
    static let nearM = 150.0
    static let compared = 60
    static let minimumCompared = 5

    /// The first stored ride that is the same ride as `points`, if any.
    static func find(_ points: [GPXTrack.Point], in store: RideStore) throws(SQLiteError) -> Int64? {
        guard let first = points.first?.utcMs, let last = points.last?.utcMs else { return nil }
        for id in try store.ridesOverlapping(firstUTCms: first, lastUTCms: last) {
            if let track = try store.trackProbe(ride: id), try matches(points, track) { return id }
        }
        return nil
    }

    /// True when enough of `points` (in time order) lie near `track` at the same time.
    static func matches(_ points: [GPXTrack.Point], _ track: TrackProbe) throws(SQLiteError) -> Bool {
        let from = track.first.utcMs - nearInTimeMs, to = track.last.utcMs + nearInTimeMs
        let there = points.filter { $0.utcMs >= from && $0.utcMs <= to }
        guard !there.isEmpty else { return false }
        let step = max(1, there.count / compared)
        var near = 0, far = 0
        for point in stride(from: 0, to: there.count, by: step).map({ there[$0] }) {
            let fix = try track.nearest(toUTCms: point.utcMs)
            guard abs(fix.utcMs - point.utcMs) <= nearInTimeMs else { continue }
            let d = Haversine.distanceM(lat1: point.latDeg, lon1: point.lonDeg, lat2: fix.latDeg, lon2: fix.lonDeg)
            if d <= nearM { near += 1 } else { far += 1 }
        }
        return near + far >= min(minimumCompared, there.count) && near * 5 >= (near + far) * 4
    }
}
