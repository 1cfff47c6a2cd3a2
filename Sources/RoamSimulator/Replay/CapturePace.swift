/// When each epoch of a capture is due in a replay at the receiver's pace (`record --replay
/// CAPTURE --realtime`): its time of day since the first epoch's, as the receiver sent them.
///
/// Paced by the steps between epochs, not by each time against the first: a step back across
/// midnight (23:59:59 → 00:00:00) is a step forward of one second, and a step back within the day
/// (a capture that repeats itself, a receiver's time that jumped) waits nothing rather than a day.
/// An epoch without a time (its first sentence has none) is due at once, after the one before.
public struct CapturePace: Sendable {
    private static let dayMs = 86_400_000
    private var lastMs: Int?
    /// Milliseconds of the capture's own time played so far.
    public private(set) var elapsedMs = 0

    public init() {}

    /// The offset from the replay's start, in nanoseconds, at which the epoch that begins at
    /// `timeOfDayMs` is due.
    public mutating func due(timeOfDayMs: Int?) -> UInt64 {
        if let time = timeOfDayMs {
            if let last = lastMs {
                var step = time - last
                if step < -Self.dayMs / 2 { step += Self.dayMs }
                elapsedMs += max(0, step)
            }
            lastMs = time
        }
        return UInt64(elapsedMs) * 1_000_000
    }
}
