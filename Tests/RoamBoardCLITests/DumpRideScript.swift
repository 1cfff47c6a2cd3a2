import RoamCore

/// Writes a ride at `hz` fixes a second (1 unless asked) the way the pipeline would flag it: a 10 m distance gate from
/// the last counted fix, paused fixes while stopped, a spike flagged as a jump, segments after a
/// loss of fix or a jump, barometric altitude from a known profile, and totals that equal the sum
/// of what the fixes add (P2).
struct RideScript {
    private(set) var startUTCms: Int64
    private(set) var gapCause: [Int: String] = [:]
    private var records: [(epoch: Epoch, flags: FixFlags, segment: Int, added: Double, alt: Double?, temp: Double?, moving: Bool)] = []
    private var lat: Double, lon: Double
    private let barometer: Bool
    private var segment = 0
    private var newSegment = true
    private var anchor: (lat: Double, lon: Double)?
    private let hz: Int
    /// Fixes written so far: the next one is at `startUTCms + step * 1000 / hz`.
    private var step = 0
    private var second: Int { step / hz }

    init(lat: Double, lon: Double, startUTCms: Int64, barometer: Bool, hz: Int = 1) {
        self.lat = lat; self.lon = lon; self.startUTCms = startUTCms; self.barometer = barometer; self.hz = hz
    }

    private static let metresPerDegree = Haversine.earthRadiusM * .pi / 180

    mutating func move(seconds: Int, speedMps: (Int) -> Double, bearingDeg: Double) {
        for i in 0..<seconds * hz {
            let v = speedMps(i / hz), b = bearingDeg * .pi / 180, metres = v / Double(hz)
            lat += metres * cosine(b) / Self.metresPerDegree
            lon += metres * sine(b) / (Self.metresPerDegree * cosine(lat * .pi / 180))
            add(lat: lat, lon: lon, speed: v, extra: [])
        }
    }

    /// Rolls 11 m to a halt (that fix clears the gate, so a paused fix is exported), then stands.
    mutating func stop(seconds: Int) {
        lat += 11 / Self.metresPerDegree
        add(lat: lat, lon: lon, speed: 0.4, extra: .paused)
        for _ in 1..<seconds * hz { add(lat: lat, lon: lon, speed: 0, extra: .paused) }
    }

    mutating func spike(northM: Double) {
        add(lat: lat + northM / Self.metresPerDegree, lon: lon, speed: 7, extra: .implausibleJump)
    }

    mutating func loseFix(seconds: Int) {
        for _ in 0..<seconds * hz { add(lat: nil, lon: nil, speed: nil, extra: .noFix) }
        gapCause[segment + 1] = GapCause.lostFix.rawValue
        newSegment = true
    }

    mutating func jump(eastM: Double) {
        lon += eastM / (Self.metresPerDegree * cosine(lat * .pi / 180))
        gapCause[segment + 1] = GapCause.spatialJump.rawValue
        newSegment = true
    }

    private mutating func add(lat: Double?, lon: Double?, speed: Double?, extra: FixFlags) {
        var e = Epoch()
        let utc = startUTCms + Int64(step) * 1000 / Int64(hz)
        e.timeOfDayMs = Int(utc % 86_400_000)
        let day = CivilDate.civilFromDays(utc / 86_400_000)
        e.date = day
        e.sentences = ["$GPRMC,\(step),A,x*00", "$GPGGA,\(step),\"quoted\",y*00"]
        var flags = extra
        var added = 0.0
        if let lat, let lon {
            e.latDeg = lat; e.lonDeg = lon; e.fixMode = .fix3D; e.speedMps = speed; e.courseDeg = 90
            e.hdop = 0.9; e.satellitesUsed = 9; e.quality = 1; e.altMSLm = 300
            if flags.isAccepted {
                if newSegment {
                    if !records.isEmpty { segment += 1 }
                    flags.insert(.segmentStart)
                    newSegment = false
                    anchor = (lat, lon)
                } else if let a = anchor {
                    let d = Haversine.distanceM(lat1: a.lat, lon1: a.lon, lat2: lat, lon2: lon)
                    if d < 10 { flags.insert(.underDistanceGate) } else { added = d; anchor = (lat, lon) }
                }
            }
        } else {
            e.fixMode = .noFix
        }
        if !barometer { flags.insert(.barometerMissing) }
        let alt = barometer && lat != nil ? 250 + 40 * sine(Double(step) / Double(hz) / 60) : nil
        records.append((e, flags, segment, added, alt, barometer ? 18 + Double(second % 50) / 10 : nil, (speed ?? 0) > 1))
        step += 1
    }

    func fixes(rideID: Int64) -> [FixRecord] {
        records.enumerated().map { i, r in
            FixRecord(rideID: rideID, seq: Int64(i), monoNs: UInt64(i + 1) * 1_000_000_000 / UInt64(hz), epoch: r.epoch,
                      pressurePa: r.alt.map { 101_325 * power(1 - $0 / 44_330.8, 5.255) }, temperatureC: r.temp,
                      utcMs: r.epoch.utcMs, timeSource: .gnss, flags: r.flags, segment: r.segment,
                      smoothedLatDeg: r.epoch.latDeg, smoothedLonDeg: r.epoch.lonDeg, baroAltM: r.alt, distanceAddedM: r.added)
        }
    }

    /// The totals the first `count` fixes imply: climb from accepted fixes within segments.
    func totals(upTo count: Int) -> RideTotals {
        var t = RideTotals()
        let slice = records.prefix(count)
        t.fixCount = slice.count
        t.acceptedCount = slice.filter { $0.flags.isAccepted && $0.epoch.hasPosition }.count
        t.flaggedCount = t.fixCount - t.acceptedCount
        t.distanceM = slice.reduce(0) { $0 + $1.added }
        t.movingS = Double(slice.filter { $0.moving && $0.flags.isAccepted }.count) / Double(hz)
        t.elapsedS = Double(max(0, slice.count - 1)) / Double(hz)
        t.maxSpeedMps = slice.filter { $0.flags.isAccepted }.compactMap(\.epoch.speedMps).max() ?? 0
        t.gapCount = Set(slice.map(\.segment)).count - 1
        if barometer {
            var up = 0.0, down = 0.0, last: (Int, Double)?
            for r in slice where r.flags.isAccepted && r.epoch.hasPosition {
                if let alt = r.alt, let l = last, l.0 == r.segment { let d = alt - l.1; if d > 0 { up += d } else { down -= d } }
                if let alt = r.alt { last = (r.segment, alt) }
            }
            t.ascentM = up; t.descentM = down
        } else {
            t.ascentM = nil; t.descentM = nil
        }
        return t
    }
}
