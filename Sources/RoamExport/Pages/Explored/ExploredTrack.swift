import RoamCore

/// One ride's track for the explored page: its accepted positions simplified as they stream in,
/// a point kept only where the line from the last kept point would pass farther than
/// `toleranceM` from a position in between (corners stay, straight roads cost two points), split
/// where the ride's segments split (no line is drawn across a gap).
public struct ExploredTrack: Sendable {
    public let rideID: Int64
    public let toleranceM: Double
    /// Each segment's points as (lat, lon) in units of 10⁻⁵ degree.
    public private(set) var segments: [[(lat: Int64, lon: Int64)]] = []
    private var segment: Int?
    private var anchor = (lat: 0.0, lon: 0.0)
    /// Positions since the anchor, not kept yet.
    private var run: [(lat: Double, lon: Double)] = []
    /// A run longer than this is cut, so the check stays cheap on long straight roads.
    private static let maxRun = 500
    private static let metresPerDegree = Haversine.earthRadiusM * .pi / 180

    public init(rideID: Int64, toleranceM: Double) {
        self.rideID = rideID
        self.toleranceM = toleranceM
    }

    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Adds one accepted fix; fixes without a position are ignored.
    public mutating func add(latDeg: Double?, lonDeg: Double?, segment: Int) {
        guard let lat = latDeg, let lon = lonDeg, lat.isFinite, lon.isFinite else { return }
        if segment != self.segment {
            closeSegment()
            self.segment = segment
            segments.append([])
            keep((lat, lon))
            return
        }
        run.append((lat, lon))
        if run.count >= Self.maxRun || (run.count > 1 && !lineFits()) {
            let previous = run[run.count - 2]
            keep(previous)
            run.removeFirst(run.count - 1)
        }
    }

    /// Ends the track: each segment keeps its true last point.
    public mutating func finish() { closeSegment() }

    private mutating func keep(_ p: (lat: Double, lon: Double)) {
        segments[segments.count - 1].append((Self.units(p.lat), Self.units(p.lon)))
        anchor = p
    }

    private mutating func closeSegment() {
        if let last = run.last { keep(last) }
        run.removeAll(keepingCapacity: true)
        // A segment of one point draws nothing; the cells show it.
        if let lastSegment = segments.last, lastSegment.count < 2 { segments.removeLast() }
    }

    /// Whether every position of the run lies within the tolerance of the line from the anchor
    /// to the newest one (local metres around the anchor; longitude steps taken the short way).
    private func lineFits() -> Bool {
        let k = cosine(anchor.lat * .pi / 180) * Self.metresPerDegree
        func local(_ p: (lat: Double, lon: Double)) -> (x: Double, y: Double) {
            let dLon = Longitude.wrapped(p.lon - anchor.lon)
            return (dLon * k, (p.lat - anchor.lat) * Self.metresPerDegree)
        }
        let end = local(run[run.count - 1])
        let length2 = end.x * end.x + end.y * end.y
        for p in run.dropLast() {
            let q = local(p)
            let t = length2 > 0 ? max(0, min(1, (q.x * end.x + q.y * end.y) / length2)) : 0
            let dx = q.x - t * end.x, dy = q.y - t * end.y
            if dx * dx + dy * dy > toleranceM * toleranceM { return false }
        }
        return true
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
                let dLon = i > 0 ? Longitude.wrapped(p.lon - previous.lon, turn: 36_000_000) : p.lon
                ExploredNumberText.append(signed: p.lat - previous.lat, to: &out)
                ExploredNumberText.append(signed: dLon, to: &out)
                previous = (p.lat, previous.lon + dLon)
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
