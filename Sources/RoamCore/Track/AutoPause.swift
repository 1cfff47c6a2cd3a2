/// Auto-pause (DESIGN.md §5): speed hysteresis with dwell. Pauses once the speed has stayed below
/// `pauseBelowMps` for `pauseAfterS`, resumes once it has stayed above `resumeAboveMps` for
/// `resumeAfterS`; the band between the two thresholds keeps the state it has.
///
/// Only epochs with a usable position feed it, so losing the fix never pauses a ride: a tunnel
/// is a gap, not a stop (P5).
public struct AutoPause: Sendable, Equatable, Codable {
    public private(set) var isPaused = false
    /// When the speed first crossed the threshold that would switch the state, nil when it has not.
    private var crossedAt: TimeStamp?

    public enum Transition: Sendable, Equatable { case paused, resumed }

    public init() {}

    public mutating func update(speedMps: Double, at time: TimeStamp, parameters p: PipelineParameters) -> Transition? {
        let crossing = isPaused ? speedMps > p.resumeAboveMps : speedMps < p.pauseBelowMps
        guard crossing else { crossedAt = nil; return nil }
        let since = crossedAt ?? time
        crossedAt = since
        let dwellS = time.seconds(since: since) ?? 0
        guard dwellS >= (isPaused ? p.resumeAfterS : p.pauseAfterS) else { return nil }
        isPaused.toggle()
        crossedAt = nil
        return isPaused ? .paused : .resumed
    }

    /// Forgets a dwell in progress: after a gap, speeds on either side do not make one run.
    public mutating func interrupt() { crossedAt = nil }
}
