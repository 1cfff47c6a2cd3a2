import RoamCore

/// What the HTML view draws, gathered from the ride's fixes in one pass with bounded memory:
/// accepted positions per segment (thinned to about `maxPoints` when the ride is long, keeping
/// every segment's first and last point), and a bounded, evenly thinned sample of flagged fixes.
/// Longitudes are continuous (`Longitude.unwrapped`): a ride over the antimeridian runs past ±180
/// the short way, so every map of the page draws it as the short line it is.
public struct ViewTrack: Sendable {
    public struct Point: Sendable, Equatable {
        public var latDeg: Double, lonDeg: Double
        public var speedMps: Double?
        public var altitudeM: Double?
        /// The ride's running distance at this fix (P5: it never grows across a gap).
        public var distanceM: Double
        /// The fix's GNSS time, for the playback (nil before the receiver sent a date that back-fill could use).
        public var utcMs: Int64? = nil
        /// The barometer's temperature at this fix, for the page's temperature chart.
        public var temperatureC: Double? = nil
    }

    public struct Segment: Sendable, Equatable {
        public var number: Int
        /// Accepted fixes stored in the segment (drawn points may be fewer on long rides).
        public var fixCount: Int
        public var points: [Point]
    }

    public struct Flagged: Sendable, Equatable {
        public var seq: Int64, latDeg: Double, lonDeg: Double, flags: FixFlags
    }

    public private(set) var segments: [Segment] = []
    public private(set) var flagged: [Flagged] = []
    /// Flagged fixes by flag name, all of them (not only the drawn sample, and those without a position).
    public private(set) var flaggedCounts: [String: Int] = [:]
    public private(set) var flaggedTotal = 0
    /// Flagged fixes that have a position, which the sample is drawn from.
    public private(set) var flaggedPositioned = 0

    /// The map keeps every `stride`-th accepted fix of a segment (1: every one), and each segment's ends.
    public let stride: Int
    private let maxFlagged: Int
    private var flaggedStride = 1
    private var distanceM = 0.0
    private var skipped: Point?
    /// The longitude the next one is unwrapped after: the last accepted fix's (a flagged outlier
    /// does not move it), or the first positioned fix's.
    private var lastLonDeg: Double?

    /// `expectedAccepted` (the ride's accepted count) sets the thinning stride up front.
    /// `parameters`: the ride's own, whose thresholds the set-aside words name.
    public init(expectedAccepted: Int, parameters: PipelineParameters = PipelineParameters(), maxPoints: Int = 20_000,
                maxFlagged: Int = 4_000) {
        setAside = SetAsideCount(parameters)
        speeds = ExportSpeed(parameters)
        stride = max(1, expectedAccepted / max(1, maxPoints))
        self.maxFlagged = max(2, maxFlagged)
    }

    /// What "flagged" means on the page, as in the card, `show` and `rides`: set aside from distance
    /// and the drawn track (`SetAsideCount`); a paused or segment-starting fix that is drawn is not.
    public private(set) var setAside: SetAsideCount

    /// Where speed is derived from positions (a track file's), each fix is shown with the speed over
    /// the span the ride's maximum is taken over, never its one step, as the FIT and GPX files write it.
    private var speeds: ExportSpeed
    /// The slowest and fastest speed of every accepted fix, not only of the points drawn: the speed
    /// chart's caption, so its maximum is the ride's where speed is derived.
    public private(set) var speedRange: ClosedRange<Double>?

    public mutating func add(_ fix: FixRecord) {
        distanceM += fix.distanceAddedM
        setAside.add(fix.flags)
        let shown = fix.flags.isAccepted ? [] : fix.flags.subtracting(SetAsideCount.informational)
        if !shown.isEmpty {
            flaggedTotal += 1
            for name in shown.names { flaggedCounts[name, default: 0] += 1 }
        }
        guard fix.epoch.hasPosition, let lat = fix.epoch.latDeg, let rawLon = fix.epoch.lonDeg else { return }
        let lon = lastLonDeg.map { Longitude.unwrapped(rawLon, after: $0) } ?? rawLon
        if lastLonDeg == nil || fix.flags.isAccepted { lastLonDeg = lon }
        if !shown.isEmpty { addFlagged(Flagged(seq: fix.seq, latDeg: lat, lonDeg: lon, flags: shown)) }
        guard fix.flags.isAccepted else { return }
        let speed = speeds.speed(at: fix)
        if let v = speed, v.isFinite { speedRange = speedRange.map { min($0.lowerBound, v)...max($0.upperBound, v) } ?? v...v }
        let p = Point(latDeg: lat, lonDeg: lon, speedMps: speed, altitudeM: fix.baroAltM, distanceM: distanceM,
                      utcMs: fix.utcMs, temperatureC: fix.temperatureC)
        if segments.last?.number != fix.segment {
            closeSegment()
            segments.append(Segment(number: fix.segment, fixCount: 0, points: []))
        }
        let i = segments.count - 1
        if segments[i].fixCount % stride == 0 {
            segments[i].points.append(p)
            skipped = nil
        } else {
            skipped = p
        }
        segments[i].fixCount += 1
    }

    /// Points drawn on the map, and how many different positions they hold (one fix repeated is one).
    public var drawnPointCount: Int { segments.reduce(0) { $0 + $1.points.count } }
    /// Accepted fixes with a position: the points the track is drawn from, all of them counted in distance.
    public var acceptedPointCount: Int { segments.reduce(0) { $0 + $1.fixCount } }
    public var distinctPositions: Int {
        var first: (Double, Double)?
        for seg in segments {
            for p in seg.points {
                guard let f = first else { first = (p.latDeg, p.lonDeg); continue }
                if f != (p.latDeg, p.lonDeg) { return 2 }
            }
        }
        return first == nil ? 0 : 1
    }

    /// Call after the last fix: keeps the last segment's final point.
    public mutating func finish() { closeSegment() }

    private mutating func closeSegment() {
        if let p = skipped, !segments.isEmpty { segments[segments.count - 1].points.append(p) }
        skipped = nil
    }

    private mutating func addFlagged(_ f: Flagged) {
        flaggedPositioned += 1
        guard (flaggedPositioned - 1) % flaggedStride == 0 else { return }
        flagged.append(f)
        if flagged.count > maxFlagged {
            // Keep every other sample and sample half as often from now on: memory stays bounded.
            flagged = flagged.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            flaggedStride *= 2
        }
    }
}
