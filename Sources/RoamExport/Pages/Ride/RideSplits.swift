import RoamCore

/// Splits per kilometre and per mile from every fix in one pass (not the map's thinned points),
/// so the page carries both tables and its units switch shows one; nothing is recomputed in the
/// page. A split closes where the running distance reaches the next whole kilometre (mile): the
/// distance a fix adds was covered in the time since the last fix that added any, so that time is
/// shared across the boundary in proportion (a bridged gap's kilometres get the gap's time, not
/// none). Its time is GNSS time; its moving time leaves out auto-paused fixes and gaps not bridged
/// (as the ride's totals do); its climb is summed from barometric altitude within segments only
/// (P6: none across a gap).
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
    /// The time counted into `open` since the last fix that added distance: the time of the next step.
    private var stepElapsedS = 0.0, stepMovingS = 0.0, stepCrossesGap = false
    private var lastAltitude: (segment: Int, metres: Double)?

    init(lengthM: Double) { self.lengthM = lengthM }

    mutating func add(_ fix: FixRecord) {
        if let t = fix.utcMs {
            if let l = last {
                let dt = Double(max(0, t - l.utcMs)) / 1000
                open.elapsedS += dt
                stepElapsedS += dt
                if l.segment != fix.segment {
                    open.crossesGap = true
                    stepCrossesGap = true
                }
                // A bridged gap is moving time, as in the ride's totals; a gap not bridged is not.
                if l.segment == fix.segment ? !fix.flags.contains(.paused) : fix.flags.contains(.bridged) {
                    open.movingS += dt
                    stepMovingS += dt
                }
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
        let step = fix.distanceAddedM
        guard step > 0 else { return }
        distanceM += step
        while distanceM >= openedAtM + lengthM {
            // The part of this step beyond the boundary, and its share of the step's time, go to the next split.
            let beyond = (distanceM - openedAtM - lengthM) / step
            let carried = (elapsedS: stepElapsedS * beyond, movingS: stepMovingS * beyond)
            open.elapsedS = max(0, open.elapsedS - carried.elapsedS)
            open.movingS = max(0, open.movingS - carried.movingS)
            open.km = lengthM / 1000
            splits.append(open)
            openedAtM += lengthM
            let carryAltitude = open.ascentM != nil
            open = Split(km: 0, elapsedS: carried.elapsedS, movingS: carried.movingS, ascentM: carryAltitude ? 0 : nil,
                         descentM: carryAltitude ? 0 : nil, crossesGap: stepCrossesGap)
        }
        stepElapsedS = 0
        stepMovingS = 0
        stepCrossesGap = false
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
