/// Auto-pause (docs/DESIGN.md §5): speed hysteresis with dwell. Pauses once the speed has stayed below
/// `pauseBelowMps` for `pauseAfterS`, resumes once it has stayed above `resumeAboveMps` for
/// `resumeAfterS`; the band between the two thresholds keeps the state it has.
///
/// Only epochs with a usable position feed it, so losing the fix never pauses a ride: a tunnel
/// is a gap, not a stop (P5).
public struct AutoPause: Sendable, Equatable, Codable {
    public internal(set) var isPaused = false
    /// When the speed first crossed the threshold that would switch the state, nil when it has not.
    var crossedAt: TimeStamp?
    /// When the current pause began (its first slow epoch), nil while moving.
    public internal(set) var pausedSince: TimeStamp?
    /// The time of the last epoch that fed the state.
    public internal(set) var lastUpdate: TimeStamp?

    /// How long the rider has been stopped, by the epochs' own clock; nil while moving.
    /// The recorder ends a forgotten ride on it.
    public var pausedForS: Double? {
        guard isPaused, let since = pausedSince, let last = lastUpdate else { return nil }
        return last.seconds(since: since)
    }

    public enum Transition: Sendable, Equatable { case paused, resumed }

    public init() {}

    public mutating func update(speedMps: Double, at time: TimeStamp, parameters p: PipelineParameters) -> Transition? {
        lastUpdate = time
        let crossing = isPaused ? speedMps > p.resumeAboveMps : speedMps < p.pauseBelowMps
        guard crossing else { crossedAt = nil; return nil }
        let since = crossedAt ?? time
        crossedAt = since
        let dwellS = time.seconds(since: since) ?? 0
        guard dwellS >= (isPaused ? p.resumeAfterS : p.pauseAfterS) else { return nil }
        isPaused.toggle()
        pausedSince = isPaused ? since : nil
        crossedAt = nil
        return isPaused ? .paused : .resumed
    }

    /// Forgets a dwell in progress: after a gap, speeds on either side do not make one run.
    public mutating func interrupt() { crossedAt = nil }
}
