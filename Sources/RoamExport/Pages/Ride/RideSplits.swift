import RoamCore

/// Splits per kilometre and per mile from every fix in one pass (not the map's thinned points),
/// so the page carries both tables and its units switch shows one; nothing is recomputed in the
/// page. A split closes on the first fix whose running distance reaches the next whole kilometre
/// (mile). Its time is the GNSS time between closing fixes; its moving time leaves out auto-paused
/// fixes and gaps; its climb is summed from barometric altitude within segments only (P6: none
/// across a gap).
public struct RideSplits: Sendable {
    public struct Split: Sendable, Equatable {
        /// The kilometres it covers: 1.0 for a whole kilometre, 1.609344 for a whole mile, less for the last.
        public var km: Double
        public var elapsedS: Double
        public var movingS: Double
        public var ascentM: Double?
        public var descentM: Double?
        /// A gap fell inside it: part of its distance is bridged, not measured.
        public var crossesGap: Bool
    }

    /// Both tables of one ride; the page shows the one of the rider's units.
    public struct Tables: Sendable, Equatable {
        public var perKilometre: [Split]
        public var perMile: [Split]

        public init(perKilometre: [Split] = [], perMile: [Split] = []) { self.perKilometre = perKilometre; self.perMile = perMile }
    }

    public var splits: Tables { Tables(perKilometre: kilometres.splits, perMile: miles.splits) }
    private var kilometres = SplitCounter(lengthM: 1_000)
    private var miles = SplitCounter(lengthM: UnitFormatter.metresPerMile)

    public init() {}

    public mutating func add(_ fix: FixRecord) {
        kilometres.add(fix)
        miles.add(fix)
    }

    /// Call after the last fix: keeps the last part-kilometre (part-mile) when it is at least 50 m.
    public mutating func finish() {
        kilometres.finish()
        miles.finish()
    }
}

/// The splits of one length.
struct SplitCounter: Sendable {
    typealias Split = RideSplits.Split
    private(set) var splits: [Split] = []
    private let lengthM: Double
    private var distanceM = 0.0
    private var open = Split(km: 0, elapsedS: 0, movingS: 0, ascentM: nil, descentM: nil, crossesGap: false)
    private var openedAtM = 0.0
    private var last: (utcMs: Int64, segment: Int)?
    private var lastAltitude: (segment: Int, metres: Double)?

    init(lengthM: Double) { self.lengthM = lengthM }

    mutating func add(_ fix: FixRecord) {
        if let t = fix.utcMs {
            if let l = last {
                let dt = Double(max(0, t - l.utcMs)) / 1000
                open.elapsedS += dt
                if l.segment != fix.segment { open.crossesGap = true } else if !fix.flags.contains(.paused) { open.movingS += dt }
            }
            last = (t, fix.segment)
        }
        if fix.flags.isAccepted, fix.epoch.hasPosition, let alt = fix.baroAltM {
            if let l = lastAltitude, l.segment == fix.segment {
                let d = alt - l.metres
                open.ascentM = (open.ascentM ?? 0) + max(0, d)
                open.descentM = (open.descentM ?? 0) + max(0, -d)
            } else {
                open.ascentM = open.ascentM ?? 0
                open.descentM = open.descentM ?? 0
            }
            lastAltitude = (fix.segment, alt)
        }
        distanceM += fix.distanceAddedM
        while distanceM >= openedAtM + lengthM {
            open.km = lengthM / 1000
            splits.append(open)
            openedAtM += lengthM
            let carryAltitude = open.ascentM != nil
            open = Split(km: 0, elapsedS: 0, movingS: 0, ascentM: carryAltitude ? 0 : nil, descentM: carryAltitude ? 0 : nil,
                         crossesGap: false)
        }
    }

    mutating func finish() {
        let rest = distanceM - openedAtM
        if rest >= 50 {
            open.km = rest / 1000
            splits.append(open)
        }
        open = Split(km: 0, elapsedS: 0, movingS: 0, ascentM: nil, descentM: nil, crossesGap: false)
        openedAtM = distanceM
    }
}
