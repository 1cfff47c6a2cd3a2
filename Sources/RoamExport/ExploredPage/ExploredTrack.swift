import RoamCore

/// One ride's track for the explored page: its accepted positions, thinned to one point every
/// `spacingM` metres (the page draws thin lines under a map of cells, not the ride's detail),
/// split where the ride's segments split (no line is drawn across a gap).
public struct ExploredTrack: Sendable {
    public let rideID: Int64
    public let spacingM: Double
    /// Each segment's points as (lat, lon) in units of 10⁻⁵ degree.
    public private(set) var segments: [[(lat: Int64, lon: Int64)]] = []
    private var segment: Int?
    private var last: (lat: Double, lon: Double)?
    private var pendingLast: (lat: Double, lon: Double)?

    public init(rideID: Int64, spacingM: Double) {
        self.rideID = rideID
        self.spacingM = spacingM
    }

    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Adds one accepted fix; fixes without a position are ignored.
    public mutating func add(latDeg: Double?, lonDeg: Double?, segment: Int) {
        guard let lat = latDeg, let lon = lonDeg, lat.isFinite, lon.isFinite else { return }
        if segment != self.segment {
            closeSegment()
            self.segment = segment
            segments.append([])
            keep(lat, lon)
            return
        }
        if let l = last, Haversine.distanceM(lat1: l.lat, lon1: l.lon, lat2: lat, lon2: lon) < spacingM {
            pendingLast = (lat, lon)
            return
        }
        keep(lat, lon)
    }

    /// Ends the track: each segment keeps its true last point.
    public mutating func finish() { closeSegment() }

    private mutating func keep(_ lat: Double, _ lon: Double) {
        segments[segments.count - 1].append((Self.units(lat), Self.units(lon)))
        last = (lat, lon)
        pendingLast = nil
    }

    private mutating func closeSegment() {
        if let p = pendingLast { keep(p.lat, p.lon) }
        // A segment of one point draws nothing; the cells show it.
        if let lastSegment = segments.last, lastSegment.count < 2 { segments.removeLast() }
        last = nil
    }

    private static func units(_ deg: Double) -> Int64 { Int64((deg * 100_000).rounded()) }

    /// Each segment as `ExploredNumberText` signed numbers: the first point, then the steps
    /// between points. A longitude step is taken the short way round, so a segment over the
    /// antimeridian stays one short line (the page wraps longitudes to its own centre).
    public func encodedSegments() -> [String] {
        segments.map { points in
            var out: [UInt8] = []
            var previous: (lat: Int64, lon: Int64) = (0, 0)
            for (i, p) in points.enumerated() {
                var dLon = p.lon - previous.lon
                if i > 0 {
                    if dLon > 18_000_000 { dLon -= 36_000_000 } else if dLon < -18_000_000 { dLon += 36_000_000 }
                }
                ExploredNumberText.append(signed: p.lat - previous.lat, to: &out)
                ExploredNumberText.append(signed: dLon, to: &out)
                previous = (p.lat, previous.lon + dLon)
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
