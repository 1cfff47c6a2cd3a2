/// The receiver's own epoch interval, learned from the epochs: 1 s at 1 Hz, 0.1 s at 10 Hz, or a
/// logger's irregular 1–30 s ("smart recording" writes a point only when something changes). A
/// silence between two epochs is a gap only when it is long *for this receiver*; a receiver that
/// keeps talking without a fix says so itself (no-fix epochs), and that is judged separately.
public struct EpochRhythm: Sendable, Equatable, Codable {
    /// The most recent intervals that were rhythm, not gaps, in seconds (oldest first).
    public internal(set) var recentS: [Double] = []
    var last: TimeStamp?

    /// Intervals remembered: enough to see a logger's longest regular pause, few enough to follow
    /// a receiver switched from 1 Hz to 10 Hz within seconds.
    static let memory = 16
    /// Intervals needed before the rhythm is trusted.
    static let learnedAfter = 3

    public init() {}

    /// The longest silence after `last` that is still this receiver's rhythm: `rhythmGapFactor`
    /// times the longest recent interval, never below `gapAfterS`. A receiver with an irregular
    /// rhythm (a logger's smart recording) may also go `rhythmLearnS` without a point, as may any
    /// receiver while its rhythm is not learned yet.
    public func gapThresholdS(_ p: PipelineParameters) -> Double {
        guard recentS.count >= Self.learnedAfter, let longest = recentS.max(), let shortest = recentS.min() else {
            return max(p.gapAfterS, p.rhythmLearnS)
        }
        let threshold = max(p.gapAfterS, p.rhythmGapFactor * longest)
        return isRegular(shortest: shortest, longest: longest) ? threshold : max(threshold, p.rhythmLearnS)
    }

    /// A receiver at a fixed rate (1 Hz, 10 Hz): its intervals agree within half of the shortest.
    private func isRegular(shortest: Double, longest: Double) -> Bool { longest <= 1.5 * shortest }

    /// Seconds from the previous epoch to this one (nil for the first, or without a comparable clock).
    public func intervalS(to time: TimeStamp) -> Double? {
        last.flatMap { time.seconds(since: $0) }
    }

    /// Takes this epoch's time; `isGap` intervals are not learned (a tunnel is not a rhythm).
    public mutating func observe(_ time: TimeStamp, isGap: Bool) {
        if !isGap, let dt = intervalS(to: time), dt > 0 {
            recentS.append(dt)
            if recentS.count > Self.memory { recentS.removeFirst(recentS.count - Self.memory) }
        }
        last = time
    }

    /// After a restart or a silent receiver the interval across it is no rhythm: start counting afresh.
    public mutating func interrupt() { last = nil }
}
