/// One count of the fixes a ride set aside, in words a rider reads, computed once from the fixes'
/// flags and shown alike by `show` and the ride page: "905 points kept for distance; 1286 set aside
/// (1195 closer than 10 m to the last, 241 while paused); nothing deleted". A fix is set aside
/// when a rejecting flag keeps it out of distance and the drawn track (`FixFlags.isAccepted`); the
/// reasons are the flags it carries, so one fix may give more than one reason, and where one
/// does the reasons add up to more than the count: the words then say so (`overlapWords`). A flag
/// that rejects nothing (paused, a barometer spike, before the date) is also carried by fixes kept
/// for distance: those are said beside the points kept ("779 points kept for distance (1 while
/// paused); 456 set aside (…, 21 while paused)"), so the two add up to the flag's own count.
public struct SetAsideCount: Sendable, Equatable {
    public struct Reason: Sendable, Equatable {
        public var name: String
        public var words: String
        public var count: Int
    }

    /// The ride's own parameters: the thresholds the words name are the ones that decided.
    public let parameters: PipelineParameters
    public private(set) var kept = 0
    public private(set) var setAside = 0
    private var byName = FlagCounts()
    private var keptByName = FlagCounts()

    /// Flags that only inform (a segment's first fix, a missing barometer, a logger restart or a
    /// silent receiver before the fix, what became of a gap): never a reason for setting a fix aside.
    public static let informational: FixFlags = FixFlags([.segmentStart, .barometerMissing, .bridged, .bridgeImplausible,
                                                          .bridgeTooSlow, .movedThroughGap]).union(.loggerEvents)

    public init(_ parameters: PipelineParameters = PipelineParameters()) { self.parameters = parameters }

    public mutating func add(_ flags: FixFlags) {
        guard !flags.isAccepted else {
            kept += 1
            keptByName.add(flags.subtracting(Self.informational))
            return
        }
        setAside += 1
        byName.add(flags.subtracting(Self.informational))
    }

    /// In flag order, each with its words, e.g. ("under-distance-gate", "closer than 10 m to the last", 1195).
    public var reasons: [Reason] { reasons(in: .metric) }

    /// The thresholds the words name in the rider's units ("closer than 33 ft to the last").
    public func reasons(in units: UnitFormatter) -> [Reason] { reasons(byName, units) }

    /// The flags carried by points kept for distance, e.g. ("paused", "while paused", 1): flags
    /// that reject nothing, and which `reasons` counts only among the fixes set aside.
    public func keptWith(in units: UnitFormatter = .metric) -> [Reason] { reasons(keptByName, units) }

    private func reasons(_ counts: FlagCounts, _ units: UnitFormatter) -> [Reason] {
        FixFlags.names.compactMap { flag, name in
            counts[name] > 0 ? Reason(name: name, words: words(flag, name, units), count: counts[name]) : nil
        }
    }

    /// Said wherever the reasons are counted and add up to more than the fixes set aside.
    public static let overlapWords = "one fix may have more than one reason"

    /// Some fix was set aside for more than one reason: the reasons' counts add up to more than `setAside`.
    public var reasonsOverlap: Bool { byName.byName.values.reduce(0, +) > setAside }

    public var sentence: String { sentence(in: .metric) }

    public func sentence(in units: UnitFormatter) -> String {
        func list(_ reasons: [Reason]) -> String { reasons.map { "\($0.count) \($0.words)" }.joined(separator: ", ") }
        let why = list(reasons(in: units)) + (reasonsOverlap ? "; \(Self.overlapWords)" : "")
        let keptWith = list(keptWith(in: units))
        return "\(Plural.count(kept, "point")) kept for distance" + (keptWith.isEmpty ? "" : " (\(keptWith))")
            + "; \(setAside) set aside" + (why.isEmpty ? "" : " (\(why))") + "; nothing deleted"
    }

    /// What a dump wrote of a ride's `total` fixes, in the words of `sentence`: without `--raw` the
    /// file holds the points kept for distance (a FIT file is given the others only to run its timer)
    /// and the fixes set aside stay in the database, e.g. "9 of its 22 fixes written (the points
    /// kept for distance); the other 13, set aside, stay in the database ('--raw' writes them)".
    public static func written(_ written: Int, of total: Int, raw: Bool) -> String {
        let fixes = Plural.count(written, "fix", "fixes")
        if raw { return "\(fixes) written, those set aside included" }
        let which = "(the points kept for distance)"
        guard total > written else { return "\(fixes) written \(which)" }
        return "\(written) of its \(total) fixes written \(which); the other \(total - written), set aside, "
            + "stay in the database ('--raw' writes them)"
    }

    private func words(_ flag: FixFlags, _ name: String, _ units: UnitFormatter) -> String {
        // Metric as it always read (whole metres, truncated); imperial rounded to whole feet.
        func length(_ m: Double) -> String { units.system == .metric ? "\(Int(m)) m" : units.length(metres: m, digits: 0) }
        switch flag {
        case .noFix: return "without a position"
        case .lowAccuracy: return "less accurate than \(length(parameters.maxAccuracyM))"
        case .underDistanceGate: return "closer than \(length(parameters.distanceGateM)) to the last"
        case .implausibleJump: return "jumps no bicycle makes"
        case .repeatedTime: return "repeating a time"
        case .timeBackwards: return "going back in time"
        case .paused: return "while paused"
        case .beforeValidDate: return "before the receiver knew the date"
        case .barometerSpike: return "with a barometer spike"
        case .unmeasuredPosition: return "the receiver estimated, not measured"
        default: return name
        }
    }
}
