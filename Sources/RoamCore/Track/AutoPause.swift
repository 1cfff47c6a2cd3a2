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
    /// The time of the latest epoch, with a usable position or not (`observe`).
    public internal(set) var lastUpdate: TimeStamp?
    /// Since when the ride has shown no riding: the pause's first slow epoch, or the last usable
    /// fix before the epochs without one (a bike in a shed has no fix); nil while riding with a fix.
    public internal(set) var stillSince: TimeStamp?

    /// How long the ride has shown no riding, up to its latest epoch by the epochs' own clock:
    /// auto-paused, or without a usable fix. Nil while riding with a fix.
    /// The recorder ends a forgotten ride on it (`ForgottenRideRule`).
    public var stillForS: Double? {
        guard let since = stillSince, let last = lastUpdate else { return nil }
        return last.seconds(since: since).map { max(0, $0) }
    }

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
        pausedSince = isPaused ? since : nil
        crossedAt = nil
        return isPaused ? .paused : .resumed
    }

    /// Every epoch, after its position (if any) went through `update`: keeps the still clock.
    /// `afterSilence`: nothing was heard for longer than the receiver's rhythm before this epoch (or
    /// the logger restarted). That time was not seen to be still (the rider may have ridden through
    /// it), so the clock starts again here.
    public mutating func observe(at time: TimeStamp, hasFix: Bool, afterSilence: Bool) {
        defer { lastUpdate = time }
        guard isPaused || !hasFix else { stillSince = nil; return }
        if afterSilence {
            stillSince = time
        } else if stillSince == nil {
            // Paused: since the pause's first slow epoch. Fix lost while riding: since the epoch
            // before, the last with a usable fix.
            stillSince = isPaused ? (pausedSince ?? time) : (lastUpdate ?? time)
        }
    }

    /// Forgets a dwell in progress: after a gap, speeds on either side do not make one run.
    public mutating func interrupt() { crossedAt = nil }
}
