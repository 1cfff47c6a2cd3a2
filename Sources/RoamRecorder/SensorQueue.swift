import RoamCore
import RoamHardware

/// The bounded hand-over from the sensor thread to the commit thread (DESIGN.md §3).
/// The sensor side never waits: when the queue is full the item is counted as lost (P3), and the
/// commit thread records the count as an event once it can write again.
///
/// The commit thread's wait runs on the monotonic clock (`MonotonicCondition`): its timeout is
/// what brings the retry of parked batches (P3), and a wall clock set back mid-wait must not
/// postpone that retry by the size of the jump.
public final class SensorQueue: @unchecked Sendable {
    private let condition = MonotonicCondition()
    private var items: [SensorItem] = []
    private var lostEpochs = 0
    private var closed = false
    public let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    /// Never blocks. Returns false when the item was dropped because the queue is full.
    @discardableResult
    public func push(_ item: SensorItem) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard items.count < capacity else {
            if case .epoch = item { lostEpochs += 1 }
            return false
        }
        items.append(item)
        condition.signal()
        return true
    }

    /// Waits until something is queued (or the queue is closed), then takes everything: one batch.
    /// Returns nil once closed and empty. `timeout` lets the caller retry parked batches meanwhile.
    public func takeAll(timeout: Double) -> (items: [SensorItem], lostEpochs: Int)? {
        condition.lock(); defer { condition.unlock() }
        let deadline = MonotonicClock.nowNs() + UInt64(max(0, timeout) * 1e9)
        while items.isEmpty && lostEpochs == 0 && !closed {
            if !condition.wait(untilNs: deadline) { break }
        }
        if items.isEmpty && lostEpochs == 0 && closed { return nil }
        let taken = items, lost = lostEpochs
        items.removeAll(keepingCapacity: true)
        lostEpochs = 0
        return (taken, lost)
    }

    /// No more items will be pushed; the consumer drains what is left and stops.
    public func close() {
        condition.lock(); closed = true; condition.signal(); condition.unlock()
    }
}
