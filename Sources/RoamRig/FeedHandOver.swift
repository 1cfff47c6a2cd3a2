import RoamRecorder
import RoamSystem

/// How far the recorder has taken the bench feed's own epochs: the rig notes the time of day of
/// each epoch it writes, the sensor thread tells it the time of each epoch it hands over (through
/// the receiver, `GNSSReceiver.onEpochHandedOver`), and only an epoch of a time the feed wrote
/// counts. The sensor loop's own count (`epochsAssembled`) also counts epochs that are not the
/// feed's — the module's banners read after its set-up, settled as an epoch of their own — and a
/// feed paced on it ran one ahead (`BenchRateTests` saw a pressure one epoch early).
///
/// Matched in order: an epoch taken passes those before it that were never handed over (lost to a
/// set-up that held the line at other bauds), so a pace never waits for them. An epoch handed over
/// before its time was noted (a capture's last, settled while the stream that finds it was still
/// reading) is kept a while and counted when noted. An epoch without a time counts only while the
/// feed has one waiting; a feed with none (every simulated ride and track) counts no banner.
/// `@unchecked Sendable`: everything is guarded by `changed`.
final class FeedHandOver: @unchecked Sendable {
    private let changed = MonotonicCondition()
    /// Epochs noted so far, and how many of the first of them are taken (or passed).
    private var noted = 0, taken = 0
    /// The times of the epochs noted and not taken yet, in the feed's order.
    private var waiting: [Int?] = []
    /// Times handed over that no noted epoch had (yet): the latest few.
    private var early: [Int] = []
    private static let earlyKept = 64

    /// A new feed: nothing noted, nothing taken.
    func begin() {
        changed.withLock { (noted, taken, waiting, early) = (0, 0, [], []) }
    }

    /// The feed is about to write an epoch the recorder's stream assembles at `timeOfDayMs`.
    func note(timeOfDayMs: Int?) {
        changed.withLock {
            noted += 1
            if let time = timeOfDayMs, let i = early.firstIndex(of: time) {
                early.remove(at: i)
                take(through: waiting.count, ending: nil)
            } else {
                waiting.append(timeOfDayMs)
            }
        }
    }

    /// On the sensor thread: the recorder handed an epoch over.
    func handedOver(timeOfDayMs: Int?) {
        changed.withLock {
            if let i = waiting.firstIndex(where: { $0 == timeOfDayMs }) {
                take(through: i, ending: i)
            } else if let time = timeOfDayMs {
                early.append(time)
                if early.count > Self.earlyKept { early.removeFirst() }
            }
        }
    }

    /// Under the lock: the waiting epochs before `index` are passed, and the one at `ending` taken.
    private func take(through index: Int, ending: Int?) {
        let count = ending.map { $0 + 1 } ?? index
        waiting.removeFirst(count)
        taken += count + (ending == nil ? 1 : 0)
        changed.broadcast()
    }

    var takenCount: Int { changed.withLock { taken } }

    /// Returns once the feed's first `count` epochs are taken, or a stop signal came. Throws when
    /// `patienceS` passed with none taken: the recorder is stuck or starved, and the feed must not
    /// go on as if it had them. A signal's handler cannot wake a condition: the wait looks at the
    /// stop flag every quarter second while it lasts, as the sensor thread does for a plain source.
    func wait(untilTaken count: Int, patienceS: Double) throws(BenchStepTimedOut) {
        let patienceNs = UInt64(patienceS * 1e9)
        let stalled: BenchStepTimedOut.Step? = changed.withLock {
            var (seen, deadline) = (taken, MonotonicClock.nowNs() + patienceNs)
            while taken < count && !ShutdownSignal.isRequested {
                if taken != seen { (seen, deadline) = (taken, MonotonicClock.nowNs() + patienceNs) }
                let now = MonotonicClock.nowNs()
                if now >= deadline { return .handOver(taken: taken, written: noted) }
                _ = changed.wait(untilNs: min(deadline, now + 250_000_000))
            }
            return nil
        }
        if let stalled { throw BenchStepTimedOut(stalled, afterS: patienceS) }
    }
}
