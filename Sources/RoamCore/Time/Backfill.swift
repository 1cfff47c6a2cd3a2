/// Dates the epochs that arrived before the receiver's first valid date (docs/DESIGN.md §5). They were
/// stored with only monotonic time (`TimeSource.monotonicOnly`); once a dated epoch arrives, the
/// run `fromSeq..<anchorSeq` gets UTC from it, in the transaction of the batch holding the anchor.
///
/// Only derived columns change (`t_utc_ms`, `t_source`), so the raw row stays as received (P4).
public struct Backfill: Sendable, Equatable, Codable {
    /// First undated epoch of the run.
    public var fromSeq: Int64
    /// The first dated epoch after the run: the back-fill lands with the batch that holds it.
    public var anchorSeq: Int64
    public var anchorUTCms: Int64
    public var anchorTimeOfDayMs: Int?
    public var anchorMonoNs: UInt64

    public init(fromSeq: Int64, anchorSeq: Int64, anchor: TimeStamp, anchorUTCms: Int64) {
        self.fromSeq = fromSeq; self.anchorSeq = anchorSeq; self.anchorUTCms = anchorUTCms
        self.anchorTimeOfDayMs = anchor.timeOfDayMs; self.anchorMonoNs = anchor.monoNs
    }

    /// UTC of an undated epoch of the run. Its own time of day, when the receiver sent one, is
    /// exact: the anchor's day (the day before when the time is later than the anchor's, i.e.
    /// midnight passed in between). Else the monotonic distance to the anchor, which is right
    /// within one boot (a restart ends the run). Nil when neither can tell.
    public func utcMs(monoNs: UInt64, timeOfDayMs: Int?) -> Int64? {
        if let t = timeOfDayMs, let anchorT = anchorTimeOfDayMs {
            let midnight = anchorUTCms - Int64(anchorT)
            return midnight + Int64(t) - (t > anchorT ? Int64(TimeStamp.dayMs) : 0)
        }
        guard monoNs <= anchorMonoNs else { return nil }
        return anchorUTCms - Int64((anchorMonoNs - monoNs) / 1_000_000)
    }
}
