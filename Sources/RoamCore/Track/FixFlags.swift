/// Reason codes written by the pipeline's gates (P4: flags, never deletions).
/// The raw values are stored in `fixes.flags`; never renumber a case, add new ones at new bits.
public struct FixFlags: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let noFix            = FixFlags(rawValue: 1 << 0)
    /// Horizontal accuracy (GST, else HDOP × the receiver error constant) worse than the limit.
    public static let lowAccuracy      = FixFlags(rawValue: 1 << 1)
    public static let underDistanceGate = FixFlags(rawValue: 1 << 2)
    public static let implausibleJump  = FixFlags(rawValue: 1 << 3)
    public static let repeatedTime     = FixFlags(rawValue: 1 << 4)
    public static let timeBackwards    = FixFlags(rawValue: 1 << 5)
    public static let paused           = FixFlags(rawValue: 1 << 6)
    /// No GNSS date yet: the fix carries monotonic time until the back-fill dates it. The position
    /// is as good as any other, so this flag informs and does not reject.
    public static let beforeValidDate  = FixFlags(rawValue: 1 << 7)
    public static let barometerMissing = FixFlags(rawValue: 1 << 8)
    /// Informational: this fix opens a new segment (not a rejection).
    public static let segmentStart     = FixFlags(rawValue: 1 << 9)
    /// The logger restarted just before this epoch (the gap's event says so too). Raw columns
    /// cannot show it, so `rederive` carries this bit over instead of recomputing it.
    public static let afterRestart     = FixFlags(rawValue: 1 << 10)
    /// The receiver had fallen silent just before this epoch; carried over like `afterRestart`.
    public static let afterSilence     = FixFlags(rawValue: 1 << 11)
    /// The barometer sample was rejected as a spike (no altitude, no climb); the position is unaffected.
    public static let barometerSpike   = FixFlags(rawValue: 1 << 12)
    /// Informational, on a segment's first fix: the distance from the previous segment's last good
    /// fix was added as bridged distance (in `distance_added_m`), not measured.
    public static let bridged          = FixFlags(rawValue: 1 << 13)
    /// Informational, on a segment's first fix: the gap's ends imply a speed no bicycle reaches,
    /// so nothing was bridged.
    public static let bridgeImplausible = FixFlags(rawValue: 1 << 14)
    /// Informational, on a segment's first fix: the gap's ends imply less than the auto-pause
    /// speed, so the rider was stopped or walking: a pause, nothing bridged.
    public static let bridgeTooSlow    = FixFlags(rawValue: 1 << 15)
    /// The receiver said this position was not measured (`UnmeasuredSolution`: dead reckoning,
    /// manual input, simulator). Kept with its raw text, never counted or drawn as measured.
    public static let unmeasuredPosition = FixFlags(rawValue: 1 << 16)
    /// Informational, on a segment's first fix: the rider rode through the gap before it (a loss of
    /// fix while moving, moving again after it), so its time counted as moving time: the FIT timer
    /// runs through it. In `uncountedNames`, not `names`.
    public static let movedThroughGap  = FixFlags(rawValue: 1 << 17)

    /// Flags that keep a fix out of distance and the drawn track.
    public static let rejecting: FixFlags = [.noFix, .lowAccuracy, .underDistanceGate, .implausibleJump,
                                             .repeatedTime, .timeBackwards, .unmeasuredPosition]

    /// Flags that record what happened to the logger rather than judge the fix.
    public static let loggerEvents: FixFlags = [.afterRestart, .afterSilence]

    public var isAccepted: Bool { isDisjoint(with: .rejecting) }

    /// Stable names for reports and exports.
    public static let names: [(FixFlags, String)] = [
        (.noFix, "no-fix"), (.lowAccuracy, "low-accuracy"), (.underDistanceGate, "under-distance-gate"),
        (.implausibleJump, "implausible-jump"), (.repeatedTime, "repeated-time"), (.timeBackwards, "time-backwards"),
        (.paused, "paused"), (.beforeValidDate, "before-valid-date"), (.barometerMissing, "barometer-missing"),
        (.segmentStart, "segment-start"), (.afterRestart, "after-restart"), (.afterSilence, "after-receiver-silent"),
        (.barometerSpike, "barometer-spike"), (.bridged, "bridged-gap"), (.bridgeImplausible, "gap-too-fast-to-bridge"),
        (.bridgeTooSlow, "gap-at-pause-speed"), (.unmeasuredPosition, "unmeasured-position"),
    ]

    /// Flags named in words but never counted in a ride row's flag counts (`FlagCounts`, stored by
    /// name): a release that does not know a stored name refuses the row.
    public static let uncountedNames: [(FixFlags, String)] = [(.movedThroughGap, "moved-through-gap")]

    public var names: [String] { (Self.names + Self.uncountedNames).filter { contains($0.0) }.map { $0.1 } }

    /// Flags that the pipeline named `algorithm` never set, being older than the one that brought
    /// them (`PipelineParameters.algorithm`): `check` leaves only these out when it compares a ride
    /// that older pipeline derived, so an upgrade calls no healthy ride damaged for them.
    public static func unknown(to algorithm: String) -> FixFlags {
        let prefix = "roam-pipeline/"
        guard algorithm.hasPrefix(prefix), let version = Int(algorithm.dropFirst(prefix.count)) else { return [] }
        return version < 10 ? .movedThroughGap : []
    }
}
