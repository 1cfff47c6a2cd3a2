import RoamSystem
import RoamCore
import RoamHardware

/// The bounded hand-over from the sensor thread to the commit thread (docs/DESIGN.md §3).
/// The sensor side never waits: when the queue is full the item is counted as lost (P3), and the
/// commit thread records the count as an event once it can write again.
///
/// The commit cadence lives here: the commit thread asks for a batch no earlier than a moment it
/// names (the last hand-over plus the commit interval), so at 10 Hz one transaction holds about a
/// second of epochs. Some items cannot wait for that moment and hand over at once with everything
/// queued before them: a press (stop, long press: the rider's word lands now), the receiver going
/// silent (no more epochs are coming to fill the batch), the queue half full (the cadence must
/// never make the queue drop an epoch), and `close` (shutdown: everything read is committed).
///
/// Every wait runs on the monotonic clock (`MonotonicCondition`): its deadlines are what bring the
/// next batch and the retry of parked batches (P3), and a wall clock set back mid-wait must not
/// postpone either by the size of the jump.
/// `@unchecked Sendable`: every mutable field is read and written only with `condition` locked.
public final class SensorQueue: @unchecked Sendable {
    private let condition = MonotonicCondition()
    private var items: [SensorItem] = []
    private var lostEpochs = 0
    private var closed = false
    /// An item that hands over at once is queued (see the type's comment).
    private var urgent = false
    public let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    /// Never blocks. Returns false when the item was dropped because the queue is full.
    @discardableResult
    public func push(_ item: SensorItem) -> Bool {
        condition.lock(); defer { condition.unlock() }
        guard items.count < capacity else {
            if case .epoch = item { lostEpochs += 1 }
            urgent = true
            condition.signal()
            return false
        }
        items.append(item)
        if item.handsOverAtOnce || items.count * 2 >= capacity { urgent = true }
        condition.signal()
        return true
    }

    /// Waits until something is queued (or the queue is closed), then takes everything: one batch.
    /// Returns nil once closed and empty. `timeout` lets the caller retry parked batches meanwhile.
    public func takeAll(timeout: Double) -> (items: [SensorItem], lostEpochs: Int)? {
        takeBatch(notBeforeNs: 0, timeout: timeout)
    }

    /// Like `takeAll`, but items queued before `notBeforeNs` (a `MonotonicClock.nowNs()` reading)
    /// wait for it unless one of them hands over at once. Returns an empty hand-over when `timeout`
    /// passes first (what is queued stays queued); nil once closed and empty.
    public func takeBatch(notBeforeNs: UInt64, timeout: Double) -> (items: [SensorItem], lostEpochs: Int)? {
        condition.lock(); defer { condition.unlock() }
        let deadline = MonotonicClock.nowNs() + UInt64(max(0, timeout) * 1e9)
        while !closed {
            let pending = !items.isEmpty || lostEpochs > 0
            let now = MonotonicClock.nowNs()
            if pending && (urgent || now >= notBeforeNs) { break }
            if now >= deadline { return ([], 0) }
            condition.wait(untilNs: pending ? min(deadline, notBeforeNs) : deadline)
        }
        if items.isEmpty && lostEpochs == 0 && closed { return nil }
        let taken = items, lost = lostEpochs
        items.removeAll(keepingCapacity: true)
        lostEpochs = 0
        urgent = false
        return (taken, lost)
    }

    /// No more items will be pushed; the consumer drains what is left at once and stops.
    public func close() {
        condition.lock(); closed = true; condition.signal(); condition.unlock()
    }
}

extension SensorItem {
    /// Items after which no epoch should wait for the cadence (see `SensorQueue`).
    var handsOverAtOnce: Bool {
        switch self {
        case .press, .receiverSilent, .restarted: return true
        case .epoch, .receiverBack: return false
        }
    }
}
