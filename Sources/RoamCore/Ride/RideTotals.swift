/// The ride's running totals, committed with every batch (P1) and recomputable from its fixes (P2).
public struct RideTotals: Sendable, Equatable, Codable {
    /// Measured over accepted points within segments, plus `bridgedM` across gaps (P5): the
    /// headline distance. No line or climb is drawn across a gap; the distance is counted.
    public var distanceM: Double = 0
    /// The part of `distanceM` bridged across gaps: great-circle between a gap's two good ends,
    /// when the implied speed is one a bicycle reaches.
    public var bridgedM: Double = 0
    /// Gaps whose distance was bridged.
    public var bridgedGaps: Int = 0
    /// Time between usable fixes while not auto-paused, plus losses of fix bridged while moving.
    public var movingS: Double = 0
    /// GNSS time from the first epoch to the last, steps back and repeats excluded.
    public var elapsedS: Double = 0
    /// nil while climb is unavailable (no barometer sample yet): never guessed from GNSS (P6).
    public var ascentM: Double?
    public var descentM: Double?
    public var maxSpeedMps: Double = 0
    public var fixCount: Int = 0
    public var acceptedCount: Int = 0
    public var flaggedCount: Int = 0
    public var gapCount: Int = 0
    /// Segments started so far (a ride with fixes has at least one).
    public var segmentCount: Int = 0
    /// Fixes carrying each flag, by the flag's stable name (`FixFlags.names`).
    public var flagCounts = FlagCounts()

    public init() {}

    public init(from decoder: any Decoder) throws {
        // Tolerant: a state committed by an older build lacks the newer keys.
        let c = try decoder.container(keyedBy: CodingKeys.self)
        distanceM = try c.decodeIfPresent(Double.self, forKey: .distanceM) ?? 0
        bridgedM = try c.decodeIfPresent(Double.self, forKey: .bridgedM) ?? 0
        bridgedGaps = try c.decodeIfPresent(Int.self, forKey: .bridgedGaps) ?? 0
        movingS = try c.decodeIfPresent(Double.self, forKey: .movingS) ?? 0
        elapsedS = try c.decodeIfPresent(Double.self, forKey: .elapsedS) ?? 0
        ascentM = try c.decodeIfPresent(Double.self, forKey: .ascentM)
        descentM = try c.decodeIfPresent(Double.self, forKey: .descentM)
        maxSpeedMps = try c.decodeIfPresent(Double.self, forKey: .maxSpeedMps) ?? 0
        fixCount = try c.decodeIfPresent(Int.self, forKey: .fixCount) ?? 0
        acceptedCount = try c.decodeIfPresent(Int.self, forKey: .acceptedCount) ?? 0
        flaggedCount = try c.decodeIfPresent(Int.self, forKey: .flaggedCount) ?? 0
        gapCount = try c.decodeIfPresent(Int.self, forKey: .gapCount) ?? 0
        segmentCount = try c.decodeIfPresent(Int.self, forKey: .segmentCount) ?? 0
        flagCounts = try c.decodeIfPresent(FlagCounts.self, forKey: .flagCounts) ?? FlagCounts()
    }

    /// Adds one fix to the counts.
    mutating func count(_ flags: FixFlags) {
        fixCount += 1
        if flags.isAccepted { acceptedCount += 1 } else { flaggedCount += 1 }
        flagCounts.add(flags)
    }
}
